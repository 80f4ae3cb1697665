import { lazy } from 'react';
import { useRoutes } from 'react-router';
import SearchPage from './SearchPage.tsx';

const PartnerPage = lazy(() => import('./PartnerPage.tsx'));

/** The Partners section (/operator/partners): the search and a partner's page (/partners/17). */
export default function PartnersPage() {
  return useRoutes([
    { index: true, element: <SearchPage /> },
    { path: ':id', element: <PartnerPage /> },
  ]);
}
