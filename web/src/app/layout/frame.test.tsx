import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, Link } from 'react-router';
import { renderWithProviders } from '../../test/utils.tsx';
import { AppProviders } from '../AppProviders.tsx';
import { createQueryClient } from '../query-client.ts';
import { RouteError } from '../RouteError.tsx';
import { ChunkLoadError, lazyPage, withTimeout, CHUNK_TIMEOUT_MS } from '../lazy.ts';
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
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
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

describe('page loading bar and scrolling (SPEC §2)', () => {
  it('the loading bar hides 500 ms after a route change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const router = createMemoryRouter(
        [
          {
            path: '/',
            element: <PageLoadingBar />,
          },
          { path: '/next', element: <PageLoadingBar /> },
        ],
        { initialEntries: ['/'] },
      );
      renderWithProviders(<RouterProvider router={router} />);
      expect(screen.getByTestId('page-loading-bar')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LOADING_BAR_HIDE_DELAY_MS + 10);
      });
      expect(screen.queryByTestId('page-loading-bar')).not.toBeInTheDocument();
      await act(async () => {
        await router.navigate('/next');
      });
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

  it('scrolls to the hash, else to the saved position on back, else to the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const router = createMemoryRouter(
      [
        { path: '/', element: <><ScrollManager /><Page name="a" /></> },
        { path: '/b', element: <><ScrollManager /><Page name="b" /></> },
        { path: '/c', element: <><ScrollManager /><Page name="c" /></> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await act(async () => {
      await router.navigate('/b');
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(async () => {
      await router.navigate(-1);
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
    await act(async () => {
      await router.navigate('/c#section');
    });
    expect(intoView).toHaveBeenCalled();
  });
});
