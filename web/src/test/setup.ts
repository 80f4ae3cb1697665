import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { NAMESPACES, i18n, initI18n, changeLanguage } from '../lib/i18n.ts';
import { feedback, mainAlertStore, messageDialogStore, snackbarStore } from '../components/feedback/feedback-store.ts';
import { securityRequestStore } from '../components/security/security-requests.ts';

// Lazy route modules are transformed on first use; give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; ScrollManager's calls are checked with a spy where it matters (frame.test.tsx).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// The captcha widget needs Web Crypto workers; component tests drive its events by hand instead.
vi.mock('altcha', () => ({}));

/**
 * React's development warnings (a state update during another component's render, an unknown DOM prop, a
 * missing key, an update outside act) point at real bugs; a test that causes one fails. The console itself
 * is left as it is, so a test may still spy on it.
 */
const REACT_WARNING = /Cannot update a component|React does not recognize|unique "key" prop|not wrapped in act|Invalid DOM property|Received `(true|false)` for a non-boolean attribute/;
const reactWarnings: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (REACT_WARNING.test(text)) reactWarnings.push(text.slice(0, 300));
  consoleError(...args);
};

beforeEach(() => {
  reactWarnings.length = 0;
});

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces([...NAMESPACES]);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  feedback.closeMessage();
  messageDialogStore.set({ visible: false, type: 'info', title: '', message: '' });
  snackbarStore.set(null);
  mainAlertStore.set(null);
  securityRequestStore.set(null);
  if (i18n.language !== 'en') await changeLanguage('en');
  if (reactWarnings.length) throw new Error(`React warned during this test:\n${reactWarnings.join('\n')}`);
});
