import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './app/app';
import { useSession } from './stores/session-store';
import './styles/index.css';

// The start in separate tasks, so none holds the main thread long (docs/PERFORMANCE.md#dashboard-first-load-p13):
// the session check every page waits for goes out with this module; the router and the page's
// first reads follow in a task of their own; the session gate then opens as a transition.
void useSession.getState().verify();
setTimeout(() => {
  const app = startApp();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  );
});
