import { useEffect, type ReactNode } from 'react';
import { tr } from '../../i18n/tr';

export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  // The tab title names the page too (screen readers announce it on navigation).
  useEffect(() => {
    document.title = `${title} · ${tr.app.name}`;
  }, [title]);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
