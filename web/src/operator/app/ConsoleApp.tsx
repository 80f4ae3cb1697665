import { lazy, Suspense, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { messageDialogStore, snackbarStore } from '../../components/feedback/feedback-store.ts';
import { useStore } from '../../lib/store.ts';
import { createAppTheme } from '../../lib/theme.ts';
import { consoleI18n } from '../lib/i18n.ts';
import { ConsoleRouter } from './router.tsx';

const MessageDialog = lazy(() => import('../../components/feedback/MessageDialog.tsx').then((m) => ({ default: m.MessageDialog })));
const AppSnackbar = lazy(() => import('../../components/feedback/AppSnackbar.tsx').then((m) => ({ default: m.AppSnackbar })));

/** The kit's app-wide dialog and snackbar, loaded the first time something opens them. */
function Feedback() {
  const dialog = useStore(messageDialogStore);
  const snackbar = useStore(snackbarStore);
  return (
    <Suspense fallback={null}>
      {dialog.visible ? <MessageDialog /> : null}
      {snackbar ? <AppSnackbar /> : null}
    </Suspense>
  );
}

/** The console: its own texts, the partner app's theme (English and Russian read left to right), its router. */
export function ConsoleApp({ queryClient, initialEntries }: { queryClient: QueryClient; initialEntries?: string[] }) {
  const theme = useMemo(() => createAppTheme('ltr'), []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={consoleI18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ConsoleRouter {...(initialEntries ? { initialEntries } : {})} />
          <Feedback />
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
