import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LoadingBlock } from '../../components/layout/QueryState.tsx';
import { mayDo, useMe } from '../lib/session.ts';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { NotAllowedPage } from './pages/NotAllowedPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteBoundary } from './RouteBoundary.tsx';
import { SECTIONS, type ConsoleSection } from './sections.ts';

/** Every address of the console is under /operator (the server answers them all with operator.html). */
export const CONSOLE_BASENAME = '/operator';

const SignInPage = lazy(() => import('../features/sign-in/pages/SignInPage.tsx'));

/** The console's pages for a signed-in member only; anyone else is sent to sign-in and comes back afterwards. */
function RequireStaff() {
  const me = useMe();
  const location = useLocation();
  if (!me) return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

/** Sign-in for nobody signed in: a signed-in member opening it goes where they were going, else to the console. */
function GuestOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  const from = (useLocation().state as { from?: string } | null)?.from;
  if (!me) return <>{children}</>;
  return <Navigate to={from && from.startsWith('/') && !from.startsWith('/sign-in') ? from : '/'} replace />;
}

/** A section's page when the role opens it, else the not-allowed page. */
function SectionRoute({ section }: { section: ConsoleSection }) {
  const me = useMe();
  if (!mayDo(me, section.permission)) return <NotAllowedPage />;
  const Page = section.page;
  return (
    <RouteBoundary>
      <Suspense fallback={<LoadingBlock height={320} />}>
        <Page />
      </Suspense>
    </RouteBoundary>
  );
}

export const consoleRoutes: RouteObject[] = [
  {
    path: 'sign-in',
    element: (
      <GuestOnly>
        <Suspense fallback={null}>
          <SignInPage />
        </Suspense>
      </GuestOnly>
    ),
  },
  {
    element: <RequireStaff />,
    children: [
      {
        element: <ConsoleLayout />,
        children: [
          { index: true, element: <HomePage /> },
          ...SECTIONS.map((section) => ({ path: section.nested ? `${section.path}/*` : section.path, element: <SectionRoute section={section} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

function ConsoleRoutes() {
  return useRoutes(consoleRoutes);
}

/** The browser's history under /operator; an in-memory one in component tests. */
export function ConsoleRouter({ initialEntries }: { initialEntries?: string[] }) {
  return initialEntries ? (
    <MemoryRouter basename={CONSOLE_BASENAME} initialEntries={initialEntries}>
      <ConsoleRoutes />
    </MemoryRouter>
  ) : (
    <BrowserRouter basename={CONSOLE_BASENAME}>
      <ConsoleRoutes />
    </BrowserRouter>
  );
}
