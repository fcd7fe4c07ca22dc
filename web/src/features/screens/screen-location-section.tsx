import type { ClipboardEvent } from 'react';
import type { TScreen } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Form, TextField } from '../../components/ui';
import { useUpdateScreenLocation } from './api/use-update-screen-location';
import { ZLocationDraft, draftOfScreen, locationText, readPastedPair } from './screen-location-draft';

/**
 * 'Konum' on a screen's card (docs/PRODUCT.md#screens): folded, its summary line says where the
 * screen stands; open, 'Enlem' and 'Boylam' set it (both empty: none). A pair pasted into
 * 'Enlem' ('41.0082, 28.9784', as a map copies it) fills both. The fields keep the text keyboard:
 * a phone's decimal keypad has no minus sign, and west and south are negative.
 */
export function ScreenLocationSection({ screen }: { screen: TScreen }) {
  const t = tr.screens;
  const form = useZodForm(ZLocationDraft, draftOfScreen(screen));
  const save = useUpdateScreenLocation();
  const { errors } = form.formState;
  const send = form.handleSubmit((body) => save.mutateAsync(
    { id: screen._id, latitude: body.latitude ?? null, longitude: body.longitude ?? null },
    { onSuccess: (saved) => form.reset(draftOfScreen(saved)) },
  ));
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pair = readPastedPair(e.clipboardData.getData('text'));
    if (!pair) return;
    e.preventDefault();
    form.setValue('latitude', pair.latitude, { shouldDirty: true });
    form.setValue('longitude', pair.longitude, { shouldDirty: true });
  };
  const edited = { onChange: () => !save.isPending && save.reset() };

  return (
    <details className="screen-location" data-testid="screen-location">
      <summary>
        <span className="screen-location-title">{t.locationLabel}</span>
        <span className="screen-location-line" data-testid="screen-location-summary">{locationText(screen) ?? t.locationNone}</span>
        {/* Which screen's, for a screen reader that lists the page's controls. */}
        <span className="sr-only"> ({screen.name})</span>
      </summary>
      <Form className="form screen-location-form" aria-label={`${t.locationLabel}: ${screen.name}`} onSubmit={send}>
        <p className="field-hint">{t.locationHint}</p>
        {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.locationError)}</Banner>}
        <div className="screen-location-fields">
          <TextField label={t.latitudeLabel} placeholder="41.0082" autoComplete="off" maxLength={24}
            aria-label={`${t.latitudeLabel}: ${screen.name}`} error={errors.latitude?.message}
            {...form.register('latitude', edited)} onPaste={onPaste} />
          <TextField label={t.longitudeLabel} placeholder="28.9784" autoComplete="off" maxLength={24}
            aria-label={`${t.longitudeLabel}: ${screen.name}`} error={errors.longitude?.message}
            {...form.register('longitude', edited)} />
        </div>
        <div className="screen-location-actions">
          <Button type="submit" size="sm" variant="secondary" busy={save.isPending} busyText={t.locationSaving}
            aria-label={`${t.locationSave}: ${screen.name}`}>
            {t.locationSave}
          </Button>
          {save.isSuccess && <span className="screen-location-saved" role="status">{t.locationSaved}</span>}
        </div>
      </Form>
    </details>
  );
}
