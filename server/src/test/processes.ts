import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Tests that run the cabinet as a real server process (`server/src/main.ts`), to kill, stop or restart it. */

export const REPO_ROOT = join(import.meta.dirname, '../../..');

/** A TCP port free on loopback now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  /** Everything the process wrote so far, standard output and error. */
  output(): string;
}

/**
 * Starts the server on `port` (no demo seed, logs at warn unless `env` says otherwise) and resolves once it says
 * it is serving. `env` adds to or overrides the environment (DATABASE_URL, DATA_DIR, SMTP_URL, ...).
 */
export function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    const onData = () => {
      if (!out.includes('serving at')) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      proc.off('exit', onExit);
      resolve({ proc, output: () => out });
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${out}`));
    };
    proc.stdout!.on('data', onData);
    proc.on('exit', onExit);
  });
}

/** Stops a process with `signal` and resolves once it has exited. */
export function stopProcess(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

/** Whether the process is still running. */
export const isRunning = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;
