import { langDir, type LangCode } from '@pc/core';
import { t } from '../lib/i18n.ts';
import type { OutgoingMail } from './mailer.ts';

/** Every mail the accounts part sends; each has `subject`, `intro`, optional `action` and `note` in locales/<lang>/mail.json. */
export type MailKind =
  | 'confirm_registration'
  | 'registration_exists'
  | 'password_reset'
  | 'password_changed'
  | 'account_blocked'
  | 'restore_access'
  | 'restore_access_not_needed'
  | 'purse_confirm'
  | 'payout_accepted'
  | 'payout_rejected'
  | 'password_change_confirm'
  | 'email_change_confirm'
  | 'email_change_notice'
  | 'email_change_taken'
  | 'security_code_changed'
  | 'second_factor_changed'
  | 'alert_sale'
  | 'alert_payout_status'
  | 'alert_wallet_change'
  | 'weekly_summary'
  | 'site_check_failed'
  | 'site_lapsed'
  | 'new_device_signin'
  | 'account_recovery';

export const MAIL_KINDS: readonly MailKind[] = [
  'confirm_registration',
  'registration_exists',
  'password_reset',
  'password_changed',
  'account_blocked',
  'restore_access',
  'restore_access_not_needed',
  'purse_confirm',
  'payout_accepted',
  'payout_rejected',
  'password_change_confirm',
  'email_change_confirm',
  'email_change_notice',
  'email_change_taken',
  'security_code_changed',
  'second_factor_changed',
  'alert_sale',
  'alert_payout_status',
  'alert_wallet_change',
  'weekly_summary',
  'site_check_failed',
  'site_lapsed',
  'new_device_signin',
  'account_recovery',
];

/** The params a kind's texts interpolate besides `link` and `email` (examples, for the template tests). */
export const MAIL_EXAMPLE_PARAMS: Partial<Record<MailKind, MailParams>> = {
  purse_confirm: { system: 'PayPal', wallet: 'p@example.com', count: 24 },
  payout_accepted: { id: 12, amount: '$100.00', fee: '$3.00', received: '$97.00', wallet: '•••• 4242 (USD)' },
  payout_rejected: { id: 12, amount: '$100.00', wallet: '•••• 4242 (USD)', reason: 'The wallet is closed' },
  alert_sale: { count: 2, total: '$3.00', sales: 'FD1 · movie.mp4: $2.00\nFD2 · song.mp3: $1.00', unsubscribe: 'https://cabinet.example/alerts/unsubscribe/x' },
  alert_payout_status: { id: 12, amount: '$100.00', wallet: '•••• 4242 (USD)', status: 'in review', unsubscribe: 'https://cabinet.example/alerts/unsubscribe/x' },
  alert_wallet_change: { context: 'removed', system: 'PayPal', wallet: 'p@example.com' },
  second_factor_changed: { context: 'totp_off' },
  site_check_failed: { domain: 'my-blog.example.org', project: 'FD1', date: '27 Nov 2026', reason: 'file or meta tag not found', lapse: '29 Nov 2026' },
  site_lapsed: { domain: 'my-blog.example.org', project: 'FD1', reason: 'file or meta tag not found' },
  new_device_signin: { date: '28 November 2026 at 14:05 UTC', device: 'Chrome on Windows', ip: '203.0.113.7' },
  email_change_notice: { new_email: 'new@example.com' },
  weekly_summary: { from: '2 Nov 2026', to: '8 Nov 2026', lines: 'FD1: $10.00', total: '$10.00', available: '$25.00', unsubscribe: 'https://cabinet.example/alerts/unsubscribe/x' },
};

export interface MailParams {
  /** The link the mail is about; shown as a button in HTML and on its own line in plain text. */
  link?: string;
  /** An opt-in alert's unsubscribe link (decision 0124), shown in the footer with `common.unsubscribe`. */
  unsubscribe?: string;
  [key: string]: unknown;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A localized mail: subject, plain text and HTML from the mail namespace; the link is never translated. */
export function renderMail(lang: LangCode, kind: MailKind, to: string, params: MailParams = {}): OutgoingMail {
  const tr = (key: string) => t(lang, `mail:${key}`, { ...params, email: to });
  // With the params, so a text split into plural forms (`note_one`, `note_other`…) is found by its `count`.
  const has = (key: string) => t(lang, `mail:${kind}.${key}`, { ...params, defaultValue: '' }) !== '';
  const subject = tr(`${kind}.subject`);
  const greeting = tr('common.greeting');
  const intro = tr(`${kind}.intro`);
  const action = params.link && has('action') ? tr(`${kind}.action`) : '';
  const note = has('note') ? tr(`${kind}.note`) : '';
  const signature = tr('common.signature');
  const product = tr('common.product');
  const unsubscribe = params.unsubscribe ? tr('common.unsubscribe') : '';

  const text = [greeting, intro, params.link ? `${action ? `${action}:\n` : ''}${params.link}` : '', note, signature, unsubscribe && `${unsubscribe}\n${params.unsubscribe}`]
    .filter(Boolean)
    .join('\n\n');

  const dir = langDir(lang);
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replaceAll('\n', '<br>')}</p>`;
  const button = params.link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(params.link)}" style="display:inline-block;padding:10px 20px;background:#1e88e5;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action || params.link)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#666666;word-break:break-all">${escapeHtml(params.link)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f2f3f8;font-family:Arial,Helvetica,sans-serif;color:#242939">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px;text-align:${dir === 'rtl' ? 'right' : 'left'}">
<h1 style="margin:0 0 16px;font-size:18px;color:#304156">${escapeHtml(product)}</h1>
${p(greeting)}
${p(intro)}
${button}
${note ? p(note) : ''}
${p(signature)}
${unsubscribe ? `<p style="margin:16px 0 0;font-size:12px;color:#666666">${escapeHtml(unsubscribe)} <a href="${escapeHtml(params.unsubscribe!)}" style="color:#666666">${escapeHtml(params.unsubscribe!)}</a></p>` : ''}
</div>
</body>
</html>`;
  return { to, subject, text, html, kind, lang };
}
