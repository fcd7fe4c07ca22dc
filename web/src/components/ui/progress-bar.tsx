type Props = { value: number; label: string; showValue?: boolean; tone?: 'primary' | 'warning' | 'danger' };

/** Accessible progress bar; the value is a percentage 0-100. */
export function ProgressBar({ value, label, showValue = true, tone = 'primary' }: Props) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
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
      {showValue && <span className="progress-value">%{v}</span>}
    </div>
  );
}
