import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './AppProviders.tsx';
import { AppRouterView, type AppRouter } from './router.tsx';

export function App({ queryClient, router, prerendering }: { queryClient: QueryClient; router: AppRouter; prerendering?: boolean }) {
  return (
    <AppProviders queryClient={queryClient} prerendering={prerendering}>
      <AppRouterView router={router} />
    </AppProviders>
  );
}
