import type { TScreen, TScreenGroup } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { Button } from '../../components/ui';

type Props = {
  screens: TScreen[];
  groups: readonly TScreenGroup[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
};

export function ScreenPicker({ screens, groups, selected, onChange, disabled }: Props) {
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  // A group button ticks every screen of the group (on top of what is ticked), or, when all
  // of them already are, unticks them: the checkboxes stay the one place the targets are read.
  const known = new Set(screens.map((s) => s._id));
  const membersOf = (g: TScreenGroup) => g.screens.map((s) => s._id).filter((id) => known.has(id));
  const pickable = groups.filter((g) => membersOf(g).length > 0);
  const allPicked = (g: TScreenGroup) => membersOf(g).every((id) => selected.includes(id));
  const toggleGroup = (g: TScreenGroup) => {
    const ids = membersOf(g);
    onChange(allPicked(g) ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])]);
  };
  return (
    <fieldset className="screen-picker" disabled={disabled}>
      <div className="picker-head">
        <legend className="field-label">{tr.assignment.screensLabel}</legend>
        <div className="card-actions">
          <Button size="sm" variant="ghost" onClick={() => onChange(screens.map((s) => s._id))}>{tr.assignment.selectAll}</Button>
          <Button size="sm" variant="ghost" onClick={() => onChange([])}>{tr.assignment.clearAll}</Button>
        </div>
      </div>
      {pickable.length > 0 && (
        <div className="group-pick" role="group" aria-label={tr.assignment.groupsLabel}>
          <span className="muted group-pick-label">{tr.assignment.groupsLabel}</span>
          {pickable.map((g) => (
            <Button key={g._id} size="sm" variant="secondary" aria-pressed={allPicked(g)} onClick={() => toggleGroup(g)}>
              {tr.assignment.group(g.name, membersOf(g).length)}
            </Button>
          ))}
        </div>
      )}
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
                    {tr.assignment.current(s.currentLayout?.name ?? s.currentPlaylist?.name ?? tr.assignment.unassigned)}
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
