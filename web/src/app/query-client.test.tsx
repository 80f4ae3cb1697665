import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/http.ts';
import { messageDialogStore } from '../components/feedback/feedback-store.ts';
import { securityRequestStore } from '../components/security/security-requests.ts';
import { storage } from '../lib/storage.ts';
import { USER_QUERY_KEY } from '../lib/session.ts';
import { testUser } from '../test/utils.tsx';
import { createQueryClient, handleApiError } from './query-client.ts';
import { registerNavigate } from './navigation.ts';

const err = (status: number, body: Record<string, unknown> = {}) => new ApiRequestError(status, body);

describe('the call layer side effects (docs/product.md#errors)', () => {
  it('401 clears the logged-in flag and goes to the root', () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    const qc = createQueryClient();
    storage.setLoggedIn(true);
    qc.setQueryData(USER_QUERY_KEY, testUser);
    handleApiError(qc, err(401, { code: 'unauthorized' }), undefined);
    expect(storage.isLoggedIn()).toBe(false);
    expect(qc.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it("500 shows the '500 error' dialog", () => {
    handleApiError(createQueryClient(), err(500, { code: 'internal' }), undefined);
    expect(messageDialogStore.get()).toMatchObject({ visible: true, type: 'error', title: '500 error', message: 'An error occurred. Try later' });
  });

  it('403 operations_are_frozen shows the Security check dialog with both dates', async () => {
    handleApiError(
      createQueryClient(),
      err(403, { code: 'operations_are_frozen', changed_at: '2026-11-10T09:00:00Z', allowed_at: '2026-11-25T09:00:00Z' }),
      undefined,
    );
    // The message's formatting loads on demand.
    await vi.waitFor(() => expect(messageDialogStore.get().title).toBe('Security check'));
    const state = messageDialogStore.get();
    expect(state.message).toMatch(/changed on .*Nov.*10.*2026.*allowed on .*Nov.*25.*2026/);
  });

  it('403 need_security_code and need_security_password start the matching check with a retry', () => {
    const retry = vi.fn();
    handleApiError(createQueryClient(), err(403, { code: 'need_security_code' }), undefined, retry);
    expect(securityRequestStore.get()).toMatchObject({ mode: 'code', retry });
    handleApiError(createQueryClient(), err(403, { code: 'need_security_password' }), undefined, retry);
    expect(securityRequestStore.get()).toMatchObject({ mode: 'password', retry });
  });

  it('leaves statuses a call handles itself, and 422, to the call', () => {
    handleApiError(createQueryClient(), err(500), { handles: [500] });
    handleApiError(createQueryClient(), err(422, { code: 'validation_failed', errors: { a: ['b'] } }), undefined);
    expect(messageDialogStore.get().visible).toBe(false);
  });

  it('a failing mutation reaches the handler once, through the cache', async () => {
    const qc = createQueryClient();
    const mutation = qc.getMutationCache().build(qc, { mutationFn: () => Promise.reject(err(503, { code: 'unavailable' })) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(messageDialogStore.get()).toMatchObject({ visible: true, title: '500 error' });
  });
});
