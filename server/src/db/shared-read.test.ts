import { describe, expect, it } from 'vitest';
import { SharedRead } from './shared-read.ts';

/** A read the test ends by hand, numbered in the order the reads were sent. */
function controlledLoads() {
  const sent: Array<{ resolve: (v: string) => void; reject: (e: unknown) => void }> = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      sent.push({ resolve, reject });
    });
  return { sent, load };
}
const turns = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SharedRead', () => {
  it('sends a read at once for a caller who finds none under way, one per caller when they come one after another', async () => {
    const { sent, load } = controlledLoads();
    const shared = new SharedRead(load);
    const first = shared.read();
    expect(sent).toHaveLength(1);
    sent[0]!.resolve('a');
    expect(await first).toBe('a');
    const second = shared.read();
    expect(sent).toHaveLength(2);
    sent[1]!.resolve('b');
    expect(await second).toBe('b');
  });

  it('never answers a caller from a read sent before it came: those who come meanwhile share the next one', async () => {
    const { sent, load } = controlledLoads();
    const shared = new SharedRead(load);
    const first = shared.read();
    const second = shared.read();
    const third = shared.read();
    // The second and third wait for the first read to end; nothing more is sent meanwhile.
    await turns();
    expect(sent).toHaveLength(1);
    sent[0]!.resolve('before');
    expect(await first).toBe('before');
    await turns();
    expect(sent).toHaveLength(2);
    // One who comes while the shared read is under way waits for the one after it.
    const fourth = shared.read();
    sent[1]!.resolve('after');
    expect(await Promise.all([second, third])).toEqual(['after', 'after']);
    await turns();
    expect(sent).toHaveLength(3);
    sent[2]!.resolve('latest');
    expect(await fourth).toBe('latest');
  });

  it('gives a failed read its error to all who shared it, and reads again for the next caller', async () => {
    const { sent, load } = controlledLoads();
    const shared = new SharedRead(load);
    const first = shared.read();
    const second = shared.read();
    const failure = new Error('database away');
    sent[0]!.reject(failure);
    await expect(first).rejects.toBe(failure);
    await turns();
    const third = shared.read();
    sent[1]!.reject(failure);
    await expect(second).rejects.toBe(failure);
    await turns();
    expect(sent).toHaveLength(3);
    sent[2]!.resolve('back');
    expect(await third).toBe('back');
  });
});
