import type { TScreen } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { Button } from '../../components/ui';

type Props = { screens: TScreen[]; selected: readonly string[]; onChange: (ids: string[]) => void; disabled?: boolean };

export function ScreenPicker({ screens, selected, onChange, disabled }: Props) {
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <fieldset className="screen-picker" disabled={disabled}>
      <div className="picker-head">
        <legend className="field-label">{tr.assignment.screensLabel}</legend>
        <div className="card-actions">
          <Button size="sm" variant="ghost" onClick={() => onChange(screens.map((s) => s._id))}>{tr.assignment.selectAll}</Button>
          <Button size="sm" variant="ghost" onClick={() => onChange([])}>{tr.assignment.clearAll}</Button>
        </div>
      </div>
      <ul className="assign-grid">
        {screens.map((s) => {
          const checked = selected.includes(s._id);
          return (
            <li key={s._id}>
              <label className={`assign-item${checked ? ' checked' : ''}`}>
                <input type="checkbox" checked={checked} onChange={() => toggle(s._id)} />
                <span className="assign-text">
                  <span className="assign-name">{s.name}</span>
                  <span className="muted assign-current">
                    {tr.assignment.current(s.currentPlaylist?.name ?? tr.assignment.unassigned)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="muted field-hint" aria-live="polite">{tr.assignment.selectedCount(selected.length)}</p>
    </fieldset>
  );
}
