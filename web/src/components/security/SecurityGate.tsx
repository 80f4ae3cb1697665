import { useEffect } from 'react';
import { useStore } from '../../lib/store.ts';
import { securityRequestStore } from './security-requests.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';
import { SecurityCheckDialogs } from './SecurityCheckDialogs.tsx';

/** The app-wide security check that the call layer starts on 403 need_security_code / need_security_password. */
export function SecurityGate() {
  const request = useStore(securityRequestStore);
  const check = useSecurityCheck();
  const { run } = check;

  useEffect(() => {
    if (!request) return;
    securityRequestStore.set(null);
    // The repeated call reports its own failure (the query client's dialogs, its form's onError); a rejection
    // here would only go unhandled.
    const retry = () => Promise.resolve().then(request.retry).catch(() => undefined);
    void run(request.mode, retry);
  }, [request, run]);

  return <SecurityCheckDialogs check={check} />;
}
