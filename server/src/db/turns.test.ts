import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { cabinetReading, inWriteTurn, noteCabinetRequest } from './turns.ts';

const handle = (kind: Database['kind']) => ({ kind }) as Database;

describe('write turns on the embedded database', () => {
  it('runs write transactions one after another, each after what was waiting on the event loop', async () => {
    const database = handle('pglite');
    const order: string[] = [];
    const first = inWriteTurn(database, async () => {
      order.push('first starts');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first ends');
    });
    // A request that arrives meanwhile (here: a callback queued on the event loop) is taken in before the next turn.
    const second = inWriteTurn(database, async () => void order.push('second'));
    setImmediate(() => order.push('a request'));
    await Promise.all([first, second]);
    expect(order).toEqual(['a request', 'first starts', 'first ends', 'second']);
  });

  it('a failed turn is its caller’s failure and the queue goes on', async () => {
    const database = handle('pglite');
    const failed = inWriteTurn(database, async () => {
      throw new Error('refused');
    });
    const next = inWriteTurn(database, async () => 'stored');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('stored');
  });

  it('on PostgreSQL runs at once, and partners’ requests change nothing', async () => {
    const database = handle('pg');
    let ran = false;
    const run = inWriteTurn(database, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    await run;
    noteCabinetRequest(database);
    expect(cabinetReading(database)).toBe(false);
  });

  it('partners are reading for a second after their last request', async () => {
    const database = handle('pglite');
    expect(cabinetReading(database)).toBe(false);
    noteCabinetRequest(database);
    expect(cabinetReading(database)).toBe(true);
  });
});
