import { Link } from 'react-router-dom';
import { tr } from '../i18n/tr';
import { usePageTitle } from '../lib/use-page-title';

/** An unknown address: inside the public layout, so its header (home, login, menu) leads on. */
export function NotFoundPage() {
  usePageTitle(tr.app.notFoundTitle);
  return (
    <div className="not-found">
      <h1>{tr.app.notFoundTitle}</h1>
      <p>{tr.app.notFoundText}</p>
      <Link to="/" className="btn btn-primary">{tr.app.backHome}</Link>
    </div>
  );
}
