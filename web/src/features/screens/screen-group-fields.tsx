import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TScreen } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { CheckList, TextField } from '../../components/ui';

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
  return (
    <>
      <TextField id={`${idPrefix}-group-name`} label={tr.screenGroups.nameLabel} maxLength={100}
        placeholder={tr.screenGroups.namePlaceholder} error={nameError} disabled={disabled} {...name} />
      <CheckList legend={tr.screenGroups.screensLabel} name="screens" items={screens} selected={screenIds}
        onChange={onScreenIds} empty={tr.screenGroups.noScreens} disabled={disabled} />
    </>
  );
}
