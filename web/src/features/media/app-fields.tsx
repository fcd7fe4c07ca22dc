import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { AppKind } from '@pano/contract/constants';
import { DateField, SelectField, TextAreaField, TextField, TimeField } from '../../components/ui';
import type { AppDraft } from './app-draft';
import { trApps } from '../../i18n/tr-apps';

const t = trApps.app;

type Props = { kind: AppKind; register: UseFormRegister<AppDraft>; errors: FieldErrors<AppDraft>; disabled: boolean };

/** A checkbox with its label after it, for the clock's switches. */
function Check({ label, ...rest }: { label: string } & ReturnType<UseFormRegister<AppDraft>> & { disabled: boolean }) {
  return <label className="check-row"><input type="checkbox" {...rest} /> {label}</label>;
}

/** The settings of one kind of app, with the contract's names and Turkish labels (docs/PRODUCT.md#apps). */
export function AppFields({ kind, register, errors, disabled }: Props) {
  const appErrors = (errors.app ?? {}) as Record<string, { message?: string } | undefined>;
  const error = (field: string) => appErrors[field]?.message;
  const text = (field: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} error={error(field)} disabled={disabled} autoComplete="off" {...extra}
      {...register(`app.${field}` as `app.kind`)} />
  );
  const select = (field: string, label: string, names: Record<string, string>) => (
    <SelectField label={label} error={error(field)} disabled={disabled} {...register(`app.${field}` as `app.kind`)}>
      {Object.entries(names).map(([value, name]) => <option key={value} value={value}>{name}</option>)}
    </SelectField>
  );
  switch (kind) {
    case 'clock':
      return (
        <>
          {select('style', t.style, t.clockStyles)}
          <Check label={t.showDate} disabled={disabled} {...register('app.showDate' as `app.kind`)} />
          <Check label={t.showSeconds} disabled={disabled} {...register('app.showSeconds' as `app.kind`)} />
        </>
      );
    case 'text':
      return (
        <>
          {text('title', t.title, { maxLength: 200 })}
          <TextAreaField label={t.body} error={error('body')} disabled={disabled} rows={4} maxLength={2000} {...register('app.body' as `app.kind`)} />
          <div className="form-row">
            {text('background', t.background, { type: 'color' })}
            {text('textColor', t.textColor, { type: 'color' })}
            {select('align', t.align, t.aligns)}
          </div>
        </>
      );
    case 'web':
      return (
        <>
          {text('url', t.webUrl, { type: 'url', inputMode: 'url', placeholder: 'https://' })}
          <div className="form-row">
            {text('refreshSeconds', t.refreshSeconds, { inputMode: 'numeric' })}
            {text('zoom', t.zoom, { inputMode: 'numeric' })}
          </div>
        </>
      );
    case 'youtube':
      return text('url', t.youtubeUrl, { type: 'url', inputMode: 'url', placeholder: 'https://www.youtube.com/watch?v=…', hint: t.youtubeHint });
    case 'stream':
      return text('url', t.streamUrl, { type: 'url', inputMode: 'url', placeholder: 'https://…/canli.m3u8' });
    case 'rss':
      return (
        <>
          {text('url', t.rssUrl, { type: 'url', inputMode: 'url', placeholder: 'https://' })}
          <div className="form-row">
            {text('maxItems', t.maxItems, { inputMode: 'numeric' })}
            {select('style', t.style, t.rssStyles)}
          </div>
        </>
      );
    case 'weather':
      return (
        <>
          {text('city', t.city, { maxLength: 100 })}
          <div className="form-row">
            {text('latitude', t.latitude, { inputMode: 'decimal', placeholder: '41.01' })}
            {text('longitude', t.longitude, { inputMode: 'decimal', placeholder: '28.97' })}
          </div>
        </>
      );
    case 'qr':
      return (
        <>
          {text('url', t.qrUrl, { maxLength: 1000, placeholder: 'https://' })}
          {text('caption', t.caption, { maxLength: 200 })}
        </>
      );
    case 'countdown':
      return (
        <>
          {text('title', t.countdownTitle, { maxLength: 200 })}
          <div className="form-row">
            <DateField label={t.targetDay} error={error('target')} disabled={disabled} {...register('app.targetDay' as `app.kind`)} />
            <TimeField label={t.targetTime} disabled={disabled} {...register('app.targetTime' as `app.kind`)} />
          </div>
          {text('finishedText', t.finishedText, { maxLength: 200 })}
        </>
      );
  }
}
