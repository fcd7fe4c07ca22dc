import type { TScreen } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { TextField } from '../../components/ui';

export type GroupDraft = { name: string; screenIds: string[] };

type Props = {
  idPrefix: string;
  draft: GroupDraft;
  screens: readonly TScreen[];
  nameError?: string;
  disabled?: boolean;
  onChange: (next: GroupDraft) => void;
};

/** A group's name and its screens as checkboxes: the create form and the edit modal share them. */
export function ScreenGroupFields({ idPrefix, draft, screens, nameError, disabled, onChange }: Props) {
  const toggle = (id: string) => onChange({
    ...draft,
    screenIds: draft.screenIds.includes(id) ? draft.screenIds.filter((x) => x !== id) : [...draft.screenIds, id],
  });
  return (
    <>
      <TextField id={`${idPrefix}-group-name`} label={tr.screenGroups.nameLabel} name="name" maxLength={100}
        placeholder={tr.screenGroups.namePlaceholder} value={draft.name} error={nameError} disabled={disabled}
        onChange={(e) => onChange({ ...draft, name: e.target.value })} />
      <fieldset className="group-screens" disabled={disabled}>
        <legend className="field-label">{tr.screenGroups.screensLabel}</legend>
        {screens.length === 0 ? (
          <p className="muted field-hint">{tr.screenGroups.noScreens}</p>
        ) : (
          <ul className="group-screen-list">
            {screens.map((s) => (
              <li key={s._id}>
                <label className="check-row">
                  <input type="checkbox" checked={draft.screenIds.includes(s._id)} onChange={() => toggle(s._id)} />
                  <span>{s.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </>
  );
}
