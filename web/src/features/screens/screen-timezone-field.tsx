import { DEFAULT_SCREEN_TIMEZONE as DEFAULT_TIME_ZONE } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { SelectField } from '../../components/ui';
import { useUpdateScreenTimezone } from './api/use-update-screen-timezone';

/** Every zone the browser knows (IANA names), the usual one first; computed once. */
let zones: string[] | null = null;
function timeZones(): string[] {
  zones ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((z) => z !== DEFAULT_TIME_ZONE)];
  return zones;
}

/**
 * 'Saat dilimi' on a screen's card (docs/PRODUCT.md#screens): the zone its schedules are read
 * in, saved as soon as it is picked. A zone the browser does not list stays selectable.
 */
export function ScreenTimezoneField({ screenId, screenName, timezone }: { screenId: string; screenName: string; timezone: string }) {
  const save = useUpdateScreenTimezone();
  const shown = save.isPending && save.variables ? save.variables.timezone : timezone;
  const options = timeZones().includes(shown) ? timeZones() : [shown, ...timeZones()];
  return (
    <SelectField label={tr.screens.timezoneLabel} name="timezone" value={shown}
      aria-label={`${tr.screens.timezoneLabel}: ${screenName}`} disabled={save.isPending}
      error={save.isError ? errorMessage(save.error, tr.screens.timezoneError) : undefined}
      onChange={(e) => save.mutate({ id: screenId, timezone: e.target.value })}>
      {options.map((z) => <option key={z} value={z}>{z.replaceAll('_', ' ')}</option>)}
    </SelectField>
  );
}
