import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CONSOLE_NAMESPACES, chooseConsoleLang, consoleI18n, initConsoleI18n } from './lib/i18n.ts';
import { meQuery } from './lib/session.ts';
import { createConsoleQueryClient } from './app/query-client.ts';
import { ConsoleApp } from './app/ConsoleApp.tsx';

/**
 * The operator console's entry (operator.html, decision 0161): who is signed in (GET /operator/v1/session/me; 401
 * means nobody), the texts in the chosen language, then the console. Nothing of the partner app's entry is loaded.
 */
async function start() {
  const queryClient = createConsoleQueryClient();
  const me = await queryClient.fetchQuery(meQuery).catch(() => null);
  if (me === null) queryClient.setQueryData(meQuery.queryKey, null);
  await initConsoleI18n(chooseConsoleLang(me?.lang));
  await consoleI18n.loadNamespaces([...CONSOLE_NAMESPACES]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConsoleApp queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
