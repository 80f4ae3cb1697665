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

/**
 * A cookie the server reads to send a guest page already drawn as this browser would draw it (decision 0212): the
 * language and the colour scheme, nothing else. A year, the whole site, never to other sites.
 */
function remember(name: string, value: string) {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies unavailable: the server sends the page in the browser's language and light, and the app corrects it.
  }
}

export const storage = {
  isLoggedIn: () => read(LOGGED_IN) === '1',
  setLoggedIn: (value: boolean) => write(LOGGED_IN, value ? '1' : null),
  lang: () => read(LANG),
  setLang: (lang: string) => {
    write(LANG, lang);
    remember('pc_lang', lang);
  },
  /** The colour scheme this browser shows, for the server's choice of a prerendered page (kept nowhere else). */
  rememberScheme: (mode: 'light' | 'dark') => remember('pc_scheme', mode),
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
