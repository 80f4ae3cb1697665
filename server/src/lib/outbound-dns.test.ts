import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The system resolver cannot be made slow on demand, so node:dns's lookup is stood in for here: one that never answers
 * (a resolver that hangs) and one that answers late. The deadline on the lookup is what is under test; everything
 * after it (address rules, connecting) is covered by outbound.test.ts against a real server.
 */
type LookupCallback = (error: Error | null, addresses: Array<{ address: string; family: number }>) => void;
const pending: LookupCallback[] = [];
vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: LookupCallback) => {
  pending.push(callback);
}) as never);

const { OUTBOUND_DNS_TIMEOUT_MS, OutboundError, checkOutboundUrl, outboundFetch } = await import('./outbound.ts');

afterEach(() => {
  vi.useRealTimers();
  pending.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<InstanceType<typeof OutboundError>> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as InstanceType<typeof OutboundError>;
}

describe('the deadline on the DNS lookup', () => {
  it('a lookup that never answers fails as a timeout at the deadline, not before', async () => {
    vi.useFakeTimers();
    const request = failureOf(outboundFetch('http://hangs.example.com/', { allowPrivate: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(1);
    let settled = false;
    void request.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(OUTBOUND_DNS_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await request;
    expect(error.reason).toBe('timeout');
    expect(error.refused).toBe(false);
  });

  it('saving a URL whose host hangs is answered within the deadline too', async () => {
    vi.useFakeTimers();
    const check = checkOutboundUrl('https://hangs.example.com/postback', { allowPrivate: false }).then(
      () => null,
      (caught: unknown) => caught,
    );
    await vi.advanceTimersByTimeAsync(OUTBOUND_DNS_TIMEOUT_MS);
    expect(await check).toBeInstanceOf(OutboundError);
  });

  it('an answer that comes after the deadline changes nothing', async () => {
    vi.useFakeTimers();
    const request = failureOf(outboundFetch('http://late.example.com/', { allowPrivate: false }));
    await vi.advanceTimersByTimeAsync(OUTBOUND_DNS_TIMEOUT_MS);
    pending[0]!(null, [{ address: '127.0.0.1', family: 4 }]);
    expect((await request).reason).toBe('timeout');
  });

  it('an answer within the deadline is judged by its address as usual', async () => {
    vi.useFakeTimers();
    const request = failureOf(outboundFetch('http://inside.example.com/', { allowPrivate: false }));
    await vi.advanceTimersByTimeAsync(OUTBOUND_DNS_TIMEOUT_MS - 10);
    pending[0]!(null, [{ address: '10.0.0.7', family: 4 }]);
    expect((await request).reason).toBe('address_private');
  });
});
