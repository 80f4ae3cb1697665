import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
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
});
