import { formatPercent } from '../../lib/format';

type Props = { value: number; label: string; showValue?: boolean; tone?: 'primary' | 'warning' | 'danger' };

/** Accessible progress bar; the value is a percentage 0-100, shown with one decimal ('%0,2'). */
export function ProgressBar({ value, label, showValue = true, tone = 'primary' }: Props) {
  const v = Math.max(0, Math.min(100, Math.round((Number.isFinite(value) ? value : 0) * 10) / 10));
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={v}
      >
        <div className={`progress-fill progress-${tone}`} style={{ width: `${v}%` }} />
      </div>
      {showValue && <span className="progress-value">{formatPercent(v)}</span>}
    </div>
  );
}
