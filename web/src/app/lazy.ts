import type { ComponentType } from 'react';

/** SPEC §8: a chunk that does not arrive within 120000 ms counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk_load_failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export function withTimeout<T>(promise: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A route's `lazy` for a module whose default export is the page. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const mod = await withTimeout(load());
    return { Component: mod.default };
  };
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(message);
}
