import { tr } from '../../i18n/tr';

export function Spinner({ label = tr.common.loading }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Whole-screen loading state (used while the stored token is verified). */
export function FullPageSpinner() {
  return (
    <div className="loading-page">
      <Spinner label={tr.app.loading} />
    </div>
  );
}
