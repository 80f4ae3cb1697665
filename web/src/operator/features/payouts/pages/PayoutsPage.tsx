import { lazy } from 'react';
import { useRoutes } from 'react-router';
import QueuePage from './QueuePage.tsx';

const PayoutRequestPage = lazy(() => import('./PayoutRequestPage.tsx'));
const BatchPage = lazy(() => import('./BatchPage.tsx'));

/** The Payouts section (/operator/payouts): the queue, a request (/payouts/42) and a batch (/payouts/batches/7). */
export default function PayoutsPage() {
  return useRoutes([
    { index: true, element: <QueuePage /> },
    { path: 'batches/:id', element: <BatchPage /> },
    { path: ':id', element: <PayoutRequestPage /> },
  ]);
}
