import { Writable } from 'node:stream';

/** A log destination that keeps what was written, so nothing reaches the test output. */
export function captureLog() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  // eslint-disable-next-line no-control-regex
  const lines = () => text().replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter(Boolean);
  return { stream, text, lines };
}
