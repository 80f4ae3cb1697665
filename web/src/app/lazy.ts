import { createElement, lazy, type ComponentType } from 'react';
import { createStore } from '../lib/store.ts';
import { loadNamespaces, type Namespace } from '../lib/i18n.ts';

/** docs/product.md#frame-and-navigation: a chunk that does not arrive within 120000 ms counts as failed. */
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

/** How many page chunks are on their way; the page loading bar shows while this is above zero. */
export const pendingChunks = createStore(0);

function tracked<T>(promise: Promise<T>): Promise<T> {
  // Loads start while React renders a route; the loading bar hears of it right after that render.
  queueMicrotask(() => pendingChunks.set((n) => n + 1));
  const settle = () => pendingChunks.set((n) => Math.max(0, n - 1));
  promise.then(settle, settle);
  return promise;
}

export type LazyPage = ComponentType & {
  /** Starts loading the chunk (the same load React waits for when the page renders). */
  preload(): Promise<unknown>;
  /** Starts loading the code alone, before the interface language is known (its texts come with preload()). */
  preloadCode(): Promise<unknown>;
};

/**
 * A page or layout whose code (and the screen namespaces it names) arrives when a route first needs it.
 * The load is counted for the loading bar, fails with ChunkLoadError after CHUNK_TIMEOUT_MS, and is shared between preload() and rendering.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[] = []): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  // The page's texts arrive with its code, so it never shows a key while its namespace loads.
  const loadWithTexts = () => (namespaces.length ? Promise.all([load(), loadNamespaces(namespaces)]).then(([page]) => page) : load());
  let loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= tracked(withTimeout(loadWithTexts())).then((module) => {
      loaded = module.default;
      return module;
    }));
  // The browser keeps a module once imported: the code fetched early is the one the page renders with.
  const Lazy = lazy(start);
  // Once the code is here the page renders straight away; React.lazy would suspend once more even for code that has
  // arrived, and a page shown in place of a prerendered one must not pass through an empty frame (decision 0212).
  function Page(props: Record<string, never>) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload: start, preloadCode: load });
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(message);
}
