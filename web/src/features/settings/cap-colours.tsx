import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import {
  CAP_SETTINGS_DEFAULT, CAP_SEVERITIES, CAP_SEVERITY_LABELS, CAP_URGENCIES, CAP_URGENCY_LABELS, ZCapSettings,
  type TCapSettings, type TCapSeverity,
} from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, CheckList, Form, Spinner } from '../../components/ui';
import { useCapSettings } from './api/use-cap-settings';
import { useSaveCapSettings } from './api/use-save-cap-settings';
import { READABLE_CONTRAST, contrastRatio, ratioText } from './cap-contrast';

const t = trIntegrations.cap;
const URGENCY_ITEMS = CAP_URGENCIES.map((u) => ({ _id: u, name: CAP_URGENCY_LABELS[u] }));

/**
 * '#RGB' as '#RRGGBB', the one spelling an <input type="color"> takes (it would read '#RGB' as
 * black). The case is kept: a colour left alone is sent back as it was saved, so the audit does
 * not see a change in it.
 */
const sixDigits = (hex: string): string => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);

/** The settings as the form holds them. */
function draftOf(s: TCapSettings): TCapSettings {
  const colours = Object.fromEntries(CAP_SEVERITIES.map((sev) => [sev, {
    background: sixDigits(s.colours[sev].background), textColor: sixDigits(s.colours[sev].textColor),
  }])) as TCapSettings['colours'];
  return { colours, soundFor: [...s.soundFor] };
}

/** A severity's two colours and, beside them, sample text in those colours with its contrast. */
function SeverityRow({ severity, background, textColor, register }: {
  severity: TCapSeverity; background: string; textColor: string;
  register: (field: 'background' | 'textColor') => UseFormRegisterReturn;
}) {
  const nameId = `cap-severity-${severity}`;
  const ratio = contrastRatio(background, textColor);
  const low = ratio < READABLE_CONTRAST;
  return (
    <div className="cap-colour" role="group" aria-labelledby={nameId} data-testid="cap-colour">
      <span className="cap-colour-name" id={nameId}>{CAP_SEVERITY_LABELS[severity]}</span>
      <label className="cap-colour-pick cap-colour-bg">
        <span className="field-sublabel">{t.background}</span>
        <input type="color" className="cap-colour-input" {...register('background')} />
      </label>
      <label className="cap-colour-pick cap-colour-fg">
        <span className="field-sublabel">{t.text}</span>
        <input type="color" className="cap-colour-input" {...register('textColor')} />
      </label>
      <div className="cap-colour-sample" data-testid="cap-colour-sample" style={{ background, color: textColor }}>
        <span className="cap-colour-sample-text">{t.sample}</span>
        <span className="cap-colour-ratio">{t.contrast(ratioText(ratio))}{low && ` · ${t.lowContrast}`}</span>
      </div>
    </div>
  );
}

function CapColoursForm({ settings }: { settings: TCapSettings }) {
  const form = useZodForm(ZCapSettings, draftOf(settings));
  const draft = useWatch({ control: form.control }) as TCapSettings;
  const save = useSaveCapSettings();
  // A save under way still reports its outcome; a change only clears a finished one's.
  const changed = () => !save.isPending && save.reset();
  const soundFor = draft.soundFor ?? [];

  const send = form.handleSubmit((body) => save.mutateAsync(body, { onSuccess: (saved) => form.reset(draftOf(saved)) }));
  const resetDefaults = () => {
    form.reset(draftOf(CAP_SETTINGS_DEFAULT));
    changed();
  };

  return (
    <Form className="form cap-colours-form" onSubmit={send}>
      {save.isSuccess && <Banner tone="success" onDismiss={save.reset}>{t.coloursSaved}</Banner>}
      {save.isError && <Banner tone="error" onDismiss={save.reset}>{errorMessage(save.error, t.coloursSaveError)}</Banner>}
      <div className="cap-colours">
        {CAP_SEVERITIES.map((sev) => (
          <SeverityRow key={sev} severity={sev} background={draft.colours[sev].background} textColor={draft.colours[sev].textColor}
            register={(field) => form.register(`colours.${sev}.${field}`, { onChange: changed })} />
        ))}
      </div>
      <CheckList className="cap-sound" legend={t.soundLegend} name="soundFor" items={URGENCY_ITEMS} selected={soundFor} empty=""
        onChange={(ids) => {
          form.setValue('soundFor', ids as TCapSettings['soundFor']);
          changed();
        }} />
      <div className="card-actions">
        <Button type="submit" busy={save.isPending} busyText={t.saving}>{t.saveColours}</Button>
        <Button variant="ghost" onClick={resetDefaults} disabled={save.isPending}>{t.resetDefaults}</Button>
      </div>
    </Form>
  );
}

/**
 * 'Renkler ve uyarı sesi': how a CAP message looks on every screen of the account, by severity,
 * and which urgencies play the chime (GET/PUT /api/cap-settings). 'Varsayılanlara dön' fills the
 * form with the defaults; nothing changes until 'Kaydet'.
 */
export function CapColours() {
  const settings = useCapSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <Banner tone="error">{errorMessage(settings.error, t.coloursLoadError)}</Banner>;
  return <CapColoursForm settings={settings.data} />;
}
