import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isProjectId } from '@pc/core/projects';
import { isProgramActive, useCurrentUser } from '../lib/session.ts';
import { href } from '../lib/routes.ts';

const ActivateProgramPanel = lazy(() =>
  import('../features/programs/components/ActivateProgramPanel.tsx').then((m) => ({ default: m.ActivateProgramPanel })),
);
const NotFoundContent = lazy(() => import('../features/not-found/pages/NotFoundPage.tsx'));

/** Routes of signed-in partners: guests go to sign-in, and come back afterwards. */
export function RequireUser() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const from = location.pathname === href('root') ? undefined : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={href('login')} replace state={from ? { from } : undefined} />;
  }
  return <Outlet />;
}

/** Guest-only pages: a signed-in partner is sent to the dashboard. */
export function GuestOnly() {
  const user = useCurrentUser();
  if (user) return <Navigate to={href('dashboard')} replace />;
  return <Outlet />;
}

/** Project pages need a known project whose programme is active; otherwise the activation offer. */
export function ProjectGuard() {
  const { app } = useParams();
  const user = useCurrentUser();
  if (!isProjectId(app))
    return (
      <Suspense fallback={null}>
        <NotFoundContent embedded />
      </Suspense>
    );
  if (!isProgramActive(user, app))
    return (
      <Suspense fallback={null}>
        <ActivateProgramPanel project={app} />
      </Suspense>
    );
  return <Outlet />;
}
