import { lazy } from 'react';
import { useRoutes } from 'react-router';
import ContentListPage from './ContentListPage.tsx';

const ContentEditPage = lazy(() => import('./ContentEditPage.tsx'));

/** The Content section (/operator/content): the lists (tabs), a new item (/content/news/new) and an edit (/content/news/12). */
export default function ContentPage() {
  return useRoutes([
    { index: true, element: <ContentListPage /> },
    { path: ':kind/new', element: <ContentEditPage /> },
    { path: ':kind/:id', element: <ContentEditPage /> },
  ]);
}
