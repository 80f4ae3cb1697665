import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './app/bootstrap.ts';
import { App } from './app/App.tsx';
import { carryOverTyping, copyFields, replayClick } from './app/prerendered.ts';

const container = document.getElementById('root')!;
// The server sent a guest page drawn already (decision 0212): the app takes its place in one commit, keeping what
// was typed into it meanwhile.
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
  // The copy stays on screen and takes typing while the app renders, in slices that leave the page responsive (a
  // transition); the commit swaps the whole root at once, and what the copy's fields held by then is carried over
  // before anything else can run, with the click on a control the copy could not act on.
  const copy = copyFields(container);
  const swapped = new MutationObserver(() => {
    if (copy.fields.some((field) => field.isConnected)) return;
    swapped.disconnect();
    container.removeAttribute('data-prerendered');
    carryOverTyping(copy);
    replayClick(container);
  });
  swapped.observe(container, { childList: true });
  startTransition(() => root.render(app));
});
