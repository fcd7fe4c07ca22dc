import { Link } from 'react-router-dom';
import { tr } from '../i18n/tr';

export function NotFoundPage() {
  return (
    <main className="not-found">
      <h1>{tr.app.notFoundTitle}</h1>
      <p>{tr.app.notFoundText}</p>
      <Link to="/" className="btn btn-primary">{tr.app.backHome}</Link>
    </main>
  );
}
