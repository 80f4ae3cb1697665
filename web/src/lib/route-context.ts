import { createContext, useContext } from 'react';

/** What the layout needs to know about a route: its title (nav namespace) and whether it is per project. */
export interface RouteHandle {
  titleKey: string;
  /** Breadcrumb parent inside a project (e.g. the Statistics group). */
  groupKey?: string;
}

/** The handle of the deepest matched route that has one; set by the router for the current location. */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export function useCurrentHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}
