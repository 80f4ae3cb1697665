/** The few values the app keeps in the browser. Reads never throw (private mode, disabled storage). */
const LOGGED_IN = 'pc.logged_in';
const LANG = 'pc.lang';

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
};
