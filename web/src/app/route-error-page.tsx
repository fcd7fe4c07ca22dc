import { useEffect } from 'react';
import { tr } from '../i18n/tr';

/**
 * Shown instead of React Router's English developer page when a route fails to render,
 * most often because a lazily loaded page could not be fetched (server down, or a new
 * deploy replaced the hashed files). Reloading fetches the current files.
 * `inLayout`: rendered inside the signed-in shell, so the sidebar stays usable.
 */
export function RouteErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  useEffect(() => {
    document.title = `${tr.app.pageLoadErrorTitle} · ${tr.app.name}`;
  }, []);
  const body = (
    <>
      <h1 className={inLayout ? 'page-title' : undefined}>{tr.app.pageLoadErrorTitle}</h1>
      <p role="alert">{tr.app.pageLoadErrorText}</p>
      <div>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{tr.app.reload}</button>
      </div>
    </>
  );
  return inLayout ? <div className="page route-error">{body}</div> : <main className="not-found">{body}</main>;
}
