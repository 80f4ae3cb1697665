import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '@pc/core';
import { MAIL_EXAMPLE_PARAMS, MAIL_KINDS, renderMail } from './templates.ts';

describe('mail templates', () => {
  for (const lang of LANG_CODES) {
    it(`renders every mail in ${lang}: subject, text with the link, HTML with a button`, () => {
      for (const kind of MAIL_KINDS) {
        const link = 'https://cabinet.example/auth/x/AbC_-123&<"q">';
        const mail = renderMail(lang, kind, 'p@example.com', { link, count: 60, ...MAIL_EXAMPLE_PARAMS[kind] });
        expect(mail.subject, `${lang} ${kind}`).not.toMatch(/^(mail:|confirm_|registration_|password_|account_|restore_)/);
        expect(mail.subject.length).toBeGreaterThan(3);
        expect(mail.text).toContain(link);
        expect(mail.text).toContain('p@example.com');
        expect(mail.text).not.toMatch(/\{\{|mail:[a-z_]+\./);
        expect(mail.html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(mail.html).toContain('href="https://cabinet.example/auth/x/AbC_-123&amp;&lt;&quot;q&quot;&gt;"');
        expect(mail.html).not.toContain('<"q">');
        expect(mail).toMatchObject({ to: 'p@example.com', kind, lang });
      }
    });
  }

  it('says how long a reset link lasts', () => {
    expect(renderMail('en', 'password_reset', 'p@example.com', { link: 'https://x/y', count: 60 }).text).toContain('valid for 60 minutes');
    expect(renderMail('ru', 'password_reset', 'p@example.com', { link: 'https://x/y', count: 60 }).text).toContain('60 минут');
  });
});
