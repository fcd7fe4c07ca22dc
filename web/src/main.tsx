import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { useSession } from './stores/session-store';
import './styles/index.css';

// The start in separate tasks, so none holds the main thread long (docs/PERFORMANCE.md#dashboard-first-load-p13):
// the session check every page waits for goes out with this module (React and the session store);
// the app (router, query client, layouts, landing page) is a chunk of its own, which index.html
// fetches beside this one but which is evaluated in a task of its own (docs/PERFORMANCE.md#the-entry-in-two-tasks);
// the router and the page's first reads follow in a third; the session gate then opens as a transition.
void useSession.getState().verify();
void import('./app/app').then(({ App, startApp }) =>
  setTimeout(() => {
    const app = startApp();
    const root = createRoot(document.getElementById('root')!);
    // The first render is a transition too: a session check already answered opens the gate in
    // it, and the whole app then renders in slices instead of one long task in this one.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App {...app} />
        </StrictMode>,
      ),
    );
  }),
);
