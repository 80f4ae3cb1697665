import { lazy } from 'react';
import { useRoutes } from 'react-router';
import FlaggedPartnersPage from './FlaggedPartnersPage.tsx';

const PartnerFlaggedPage = lazy(() => import('./PartnerFlaggedPage.tsx'));

/** The Flagged sales section (/operator/flagged): partners by their flagged sales, and one partner's (/flagged/17). */
export default function FlaggedSalesPage() {
  return useRoutes([
    { index: true, element: <FlaggedPartnersPage /> },
    { path: ':id', element: <PartnerFlaggedPage /> },
  ]);
}
