import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { messageDialogStore, snackbarStore } from '../../components/feedback/feedback-store.ts';
import { securityRequestStore } from '../../components/security/security-requests.ts';
import type { Store } from '../../lib/store.ts';
import { PageLoadingBar } from './PageLoadingBar.tsx';
import { ScrollManager } from './ScrollManager.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

const MessageDialog = lazy(() => import('../../components/feedback/MessageDialog.tsx').then((m) => ({ default: m.MessageDialog })));
const AppSnackbar = lazy(() => import('../../components/feedback/AppSnackbar.tsx').then((m) => ({ default: m.AppSnackbar })));
const SecurityGate = lazy(() => import('../../components/security/SecurityGate.tsx').then((m) => ({ default: m.SecurityGate })));

/** Mounts a global overlay the first time its store asks for it, so its code is not part of the first load. */
function WhenNeeded({ store, isNeeded, children }: { store: Store<unknown>; isNeeded(value: unknown): boolean; children: React.ReactNode }) {
  const [needed, setNeeded] = useState(() => isNeeded(store.get()));
  useEffect(() => {
    if (needed) return;
    const check = () => {
      if (isNeeded(store.get())) setNeeded(true);
    };
    check();
    return store.subscribe(check);
  }, [needed, store, isNeeded]);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const dialogNeeded = (v: unknown) => Boolean((v as { visible?: boolean }).visible);
const present = (v: unknown) => v !== null;

/** Around every page: scrolling, the loading bar and the app-wide dialogs. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <PageLoadingBar />
      <ScrollManager />
      {/* Shown once the first page is ready; a route change then keeps the old page until the new one is. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <WhenNeeded store={messageDialogStore as Store<unknown>} isNeeded={dialogNeeded}>
        <MessageDialog />
      </WhenNeeded>
      <WhenNeeded store={snackbarStore as Store<unknown>} isNeeded={present}>
        <AppSnackbar />
      </WhenNeeded>
      <WhenNeeded store={securityRequestStore as Store<unknown>} isNeeded={present}>
        <SecurityGate />
      </WhenNeeded>
    </>
  );
}
