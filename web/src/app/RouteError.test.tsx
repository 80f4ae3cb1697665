import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage } from '../lib/i18n.ts';
import { ChunkLoadError } from './lazy.ts';
import { RouteError, chunkErrorTexts } from './RouteError.tsx';

const localeFile = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../locales/${lang}/common.json`), 'utf8')) as {
    chunkError: { title: string; message: string };
    reload: string;
  };
const textsOf = (lang: string) => ({ ...localeFile(lang).chunkError, reload: localeFile(lang).reload });

/** An i18next instance in a language whose namespaces never arrived: t() answers with the raw keys. */
async function withoutLocaleChunks(lang: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, fallbackLng: false, ns: ['common'], defaultNS: 'common', resources: {}, react: { useSuspense: false } });
  return instance;
}

const chunkFailure = () => new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/common-x.js'));

describe('the chunk error page', () => {
  it('is in the language whose texts arrived before, when its locale namespace does not arrive now', async () => {
    // The partner used the cabinet in Japanese: the common namespace arrived through the app's loader once.
    await changeLanguage('ja');
    const instance = await withoutLocaleChunks('ja');
    expect(instance.t('chunkError.title')).toBe('chunkError.title');

    render(
      <I18nextProvider i18n={instance}>
        <RouteError error={chunkFailure()} />
      </I18nextProvider>,
    );
    const box = screen.getByTestId('chunk-error');
    const ja = textsOf('ja');
    expect(screen.getByRole('heading', { name: ja.title })).toBeInTheDocument();
    expect(box).toHaveTextContent(ja.message);
    expect(screen.getByRole('button', { name: ja.reload })).toBeInTheDocument();
    expect(box).not.toHaveTextContent('chunkError');
  });

  it('reads the loaded namespace first, then the kept copy, then English compiled into the entry', async () => {
    const empty = await withoutLocaleChunks('tr');
    // Nothing of Turkish ever arrived in this browser: English, never a raw key.
    expect(chunkErrorTexts('tr', empty)).toEqual(textsOf('en'));
    expect(chunkErrorTexts('xx')).toEqual(textsOf('en'));
    await changeLanguage('tr');
    expect(chunkErrorTexts('tr', empty)).toEqual(textsOf('tr'));
    const loaded = i18next.createInstance();
    await loaded.init({ lng: 'de', resources: { de: { common: { chunkError: { title: 'T', message: 'M' }, reload: 'R' } } } });
    expect(chunkErrorTexts('de', loaded)).toEqual({ title: 'T', message: 'M', reload: 'R' });
  });
});
