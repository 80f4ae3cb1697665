import type { ReactNode } from 'react';
import type { RouteHandle } from '../lib/route-context.ts';
import { RouteBoundary } from './RouteError.tsx';
import type { LazyPage } from './lazy.ts';

/** One route of the tree: React Router reads path, element and children; handle and preload travel along. */
export interface AppRoute {
  path?: string;
  element: ReactNode;
  handle?: RouteHandle;
  /** Chunks this route renders; started together as soon as the route matches (no waterfall). */
  preload?: LazyPage;
  /** The route's subtree is for signed-in partners: nothing below it is preloaded for a guest. */
  signedIn?: boolean;
  children?: AppRoute[];
}

export function lazyRoute(
  Page: LazyPage,
  options: { fullPage?: boolean } = {},
): Pick<AppRoute, 'element' | 'preload'> {
  return {
    preload: Page,
    element: (
      <RouteBoundary fullPage={options.fullPage}>
        <Page />
      </RouteBoundary>
    ),
  };
}

export function page(path: string, titleKey: string, Page: LazyPage, groupKey?: string): AppRoute {
  return { path, ...lazyRoute(Page), handle: { titleKey, groupKey } };
}
