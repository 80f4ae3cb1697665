import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LANGS } from '@pc/core/locales';
import { ChunkLoadError } from './lazy.ts';
import { RouteError, chunkErrorTexts } from './RouteError.tsx';

const localeFile = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../locales/${lang}/common.json`), 'utf8')) as {
    chunkError: { title: string; message: string };
    reload: string;
  };

/** An i18next instance in a language whose namespaces never arrived: t() answers with the raw keys. */
async function withoutLocaleChunks(lang: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, fallbackLng: false, ns: ['common'], defaultNS: 'common', resources: {}, react: { useSuspense: false } });
  return instance;
}

describe('the chunk error page', () => {
  it('is translated when the locale namespace is not loaded', async () => {
    const instance = await withoutLocaleChunks('ja');
    expect(instance.hasResourceBundle('ja', 'common')).toBe(false);
    expect(instance.t('chunkError.title')).toBe('chunkError.title');

    render(
      <I18nextProvider i18n={instance}>
        <RouteError error={new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/common-x.js'))} />
      </I18nextProvider>,
    );
    const box = screen.getByTestId('chunk-error');
    const ja = localeFile('ja');
    expect(screen.getByRole('heading', { name: ja.chunkError.title })).toBeInTheDocument();
    expect(box).toHaveTextContent(ja.chunkError.message);
    expect(screen.getByRole('button', { name: ja.reload })).toBeInTheDocument();
    expect(box).not.toHaveTextContent('chunkError');
  });

  it('carries the texts of all nine languages, as locales/<lang>/common.json has them', () => {
    expect(LANGS).toHaveLength(9);
    for (const { code } of LANGS) {
      const file = localeFile(code);
      expect(chunkErrorTexts(code)).toEqual({ ...file.chunkError, reload: file.reload });
    }
    expect(chunkErrorTexts('xx')).toEqual(chunkErrorTexts('en'));
  });
});
