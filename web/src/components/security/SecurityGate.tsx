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
    void run(request.mode, request.retry);
  }, [request, run]);

  return <SecurityCheckDialogs check={check} />;
}
