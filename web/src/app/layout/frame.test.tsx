import { describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { renderWithProviders } from '../../test/utils.tsx';
import { AppProviders } from '../AppProviders.tsx';
import { createQueryClient } from '../query-client.ts';
import { RouteBoundary } from '../RouteError.tsx';
import { ChunkLoadError, lazyPage, pendingChunks, withTimeout, CHUNK_TIMEOUT_MS } from '../lazy.ts';
import { LOADING_BAR_HIDE_DELAY_MS, PageLoadingBar } from './PageLoadingBar.tsx';
import { ScrollManager } from './ScrollManager.tsx';

describe('lazy chunks', () => {
  it('time out after 120000 ms', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const result = withTimeout(never).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toBeInstanceOf(ChunkLoadError);
      expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a chunk that fails to load shows a clear error with a reload action', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const Broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <RouteBoundary>
            <Suspense fallback={null}>
              <Broken />
            </Suspense>
          </RouteBoundary>
        </MemoryRouter>
      </AppProviders>,
    );
    const box = await screen.findByTestId('chunk-error');
    expect(box).toHaveTextContent('This page could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

function Page({ name }: { name: string }) {
  return (
    <div>
      <h1>{name}</h1>
      <Link to="/b">b</Link>
      <div id="section">s</div>
    </div>
  );
}

/** Renders the routes in memory and hands back the router's navigate, as app code outside React gets it. */
function renderRoutes(routes: Array<{ path: string; element: React.ReactNode }>, withProviders = false) {
  const nav: { navigate?: NavigateFunction } = {};
  function Probe() {
    nav.navigate = useNavigate();
    return null;
  }
  const ui = (
    <MemoryRouter initialEntries={['/']}>
      <Probe />
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
      </Routes>
    </MemoryRouter>
  );
  if (withProviders) renderWithProviders(ui);
  else render(ui);
  return (to: string | number) =>
    act(async () => {
      if (typeof to === 'number') await nav.navigate!(to);
      else await nav.navigate!(to);
    });
}

describe('page loading bar and scrolling (docs/product.md#frame-and-navigation)', () => {
  it('the loading bar hides 500 ms after a route change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const navigate = renderRoutes(
        [
          { path: '/', element: <PageLoadingBar /> },
          { path: '/next', element: <PageLoadingBar /> },
        ],
        true,
      );
      expect(screen.getByTestId('page-loading-bar')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LOADING_BAR_HIDE_DELAY_MS + 10);
      });
      expect(screen.queryByTestId('page-loading-bar')).not.toBeInTheDocument();
      await navigate('/next');
      expect(screen.getByTestId('page-loading-bar')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LOADING_BAR_HIDE_DELAY_MS - 100);
      });
      expect(screen.getByTestId('page-loading-bar')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(screen.queryByTestId('page-loading-bar')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the loading bar stays while a page chunk is on its way, and hides 500 ms after it arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoutes([{ path: '/', element: <PageLoadingBar /> }], true);
      act(() => pendingChunks.set(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LOADING_BAR_HIDE_DELAY_MS * 4);
      });
      expect(screen.getByTestId('page-loading-bar')).toBeInTheDocument();
      act(() => pendingChunks.set(0));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LOADING_BAR_HIDE_DELAY_MS - 100);
      });
      expect(screen.getByTestId('page-loading-bar')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(screen.queryByTestId('page-loading-bar')).not.toBeInTheDocument();
    } finally {
      pendingChunks.set(0);
      vi.useRealTimers();
    }
  });

  it('scrolls to the hash, else to the saved position on back, else to the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const navigate = renderRoutes([
      { path: '/', element: <><ScrollManager /><Page name="a" /></> },
      { path: '/b', element: <><ScrollManager /><Page name="b" /></> },
      { path: '/c', element: <><ScrollManager /><Page name="c" /></> },
    ]);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await navigate('/b');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
    await navigate('/c#section');
    expect(intoView).toHaveBeenCalled();
  });
});
