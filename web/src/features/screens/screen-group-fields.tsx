import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TScreen } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { TextField } from '../../components/ui';

type Props = {
  idPrefix: string;
  /** The name input's registration in the form (react-hook-form). */
  name: UseFormRegisterReturn<'name'>;
  nameError?: string;
  screenIds: readonly string[];
  onScreenIds: (ids: string[]) => void;
  screens: readonly TScreen[];
  disabled?: boolean;
};

/** A group's name and its screens as checkboxes: the create form and the edit modal share them. */
export function ScreenGroupFields({ idPrefix, name, nameError, screenIds, onScreenIds, screens, disabled }: Props) {
  const toggle = (id: string) => onScreenIds(screenIds.includes(id) ? screenIds.filter((x) => x !== id) : [...screenIds, id]);
  return (
    <>
      <TextField id={`${idPrefix}-group-name`} label={tr.screenGroups.nameLabel} maxLength={100}
        placeholder={tr.screenGroups.namePlaceholder} error={nameError} disabled={disabled} {...name} />
      <fieldset className="group-screens" disabled={disabled}>
        <legend className="field-label">{tr.screenGroups.screensLabel}</legend>
        {screens.length === 0 ? (
          <p className="muted field-hint">{tr.screenGroups.noScreens}</p>
        ) : (
          <ul className="group-screen-list">
            {screens.map((s) => (
              <li key={s._id}>
                <label className="check-row">
                  <input type="checkbox" checked={screenIds.includes(s._id)} onChange={() => toggle(s._id)} />
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
