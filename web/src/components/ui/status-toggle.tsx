import { Button } from './button';

/**
 * An on/off state that is also the button flipping it (a schedule's 'Etkin'/'Pasif', a package's
 * 'Aktif'/'Pasif'): a dot and the state's word, `aria-pressed` saying which. `label` names what
 * it flips and its state for screen readers; `disabled` while the change is under way.
 */
export function StatusToggle({ on, state, label, disabled, onToggle }: {
  on: boolean; state: string; label: string; disabled?: boolean; onToggle: () => void;
}) {
  return (
    <Button size="sm" variant="secondary" className={`status-toggle ${on ? 'is-active' : 'is-passive'}`}
      disabled={disabled} aria-pressed={on} aria-label={label} onClick={onToggle}>
      <span className="status-toggle-dot" aria-hidden="true" />
      {state}
    </Button>
  );
}
