import type { ReactNode } from 'react';

export function EmptyState({ title, hint, icon = '◇', action }: { title: string; hint?: string; icon?: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <div className="empty-icon" aria-hidden="true">{icon}</div>
      <p className="empty-title">{title}</p>
      {hint && <p className="empty-hint">{hint}</p>}
      {action}
    </div>
  );
}
