import type { SecurityMode } from '@pc/core/contracts/security';
import { createStore } from '../../lib/store.ts';

export type { SecurityMode };

/**
 * A protected call answered 403 need_security_code / need_security_password: the call layer asks the
 * global security check (SecurityGate) to run, and to repeat the call once the check passes.
 */
export interface SecurityRequest {
  id: number;
  mode: SecurityMode;
  retry: () => unknown;
}

export const securityRequestStore = createStore<SecurityRequest | null>(null);
let seq = 0;

export function requestSecurityCheck(mode: SecurityMode, retry: () => unknown) {
  seq += 1;
  securityRequestStore.set({ id: seq, mode, retry });
}
