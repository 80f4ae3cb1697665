import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './app/bootstrap.ts';
import { App } from './app/App.tsx';
import { carryOverTyping, typedInto } from './app/prerendered.ts';

const container = document.getElementById('root')!;
// The server sent a guest page drawn already (decision 0212): the app takes its place in one step, keeping what was
// typed into it meanwhile.
const prerendered = container.hasAttribute('data-prerendered');

void bootstrap({ prerendered }).then(({ queryClient, router }) => {
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  if (!prerendered) {
    root.render(app);
    return;
  }
  const typed = typedInto(container);
  flushSync(() => root.render(app));
  container.removeAttribute('data-prerendered');
  carryOverTyping(typed);
});
