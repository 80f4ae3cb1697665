/** The few values the app keeps in the browser. Reads never throw (private mode, disabled storage). */
const LOGGED_IN = 'pc.logged_in';
const LANG = 'pc.lang';
const CHUNK_ERROR = 'pc.chunk_error.';

export interface ChunkErrorTexts {
  title: string;
  message: string;
  reload: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the app still works for this page view.
  }
}

export const storage = {
  isLoggedIn: () => read(LOGGED_IN) === '1',
  setLoggedIn: (value: boolean) => write(LOGGED_IN, value ? '1' : null),
  lang: () => read(LANG),
  setLang: (lang: string) => write(LANG, lang),
  /** The chunk error page's texts of a language, kept from the last time its common namespace arrived. */
  chunkErrorTexts(lang: string): ChunkErrorTexts | null {
    try {
      const value = JSON.parse(read(CHUNK_ERROR + lang) ?? 'null') as Partial<ChunkErrorTexts> | null;
      return value && typeof value.title === 'string' && typeof value.message === 'string' && typeof value.reload === 'string'
        ? (value as ChunkErrorTexts)
        : null;
    } catch {
      return null;
    }
  },
  setChunkErrorTexts: (lang: string, texts: ChunkErrorTexts) => write(CHUNK_ERROR + lang, JSON.stringify(texts)),
};
