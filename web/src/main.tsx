import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './app/bootstrap.ts';
import { App } from './app/App.tsx';

const container = document.getElementById('root')!;

void bootstrap().then(({ queryClient, router }) => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
});
