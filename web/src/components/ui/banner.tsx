import type { ReactNode } from 'react';
import { tr } from '../../i18n/tr';

type Props = { tone?: 'error' | 'success' | 'info' | 'warning'; children: ReactNode; onDismiss?: () => void };

/** Inline message; errors are announced to screen readers immediately. */
export function Banner({ tone = 'info', children, onDismiss }: Props) {
  return (
    <div className={`banner banner-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="banner-text">{children}</div>
      {onDismiss && (
        <button type="button" className="banner-close" aria-label={tr.common.close} onClick={onDismiss}>×</button>
      )}
    </div>
  );
}
