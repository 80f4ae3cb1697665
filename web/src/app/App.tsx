import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './AppProviders.tsx';
import { AppRouterView, type AppRouter } from './router.tsx';

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouterView router={router} />
    </AppProviders>
  );
}
