import { useState } from 'react';
import type { TTickerPlaylist, TPlaylist, TZone } from '@pano/contract';
import { SelectField, TextField } from '../../components/ui';
import { trLayouts } from '../../i18n/tr-layouts';

type FieldError = (field: string) => string | undefined;

/**
 * A percent typed exactly (two decimals; a comma is read as the decimal point). What cannot be
 * read becomes NaN, so the check on save says what is wrong instead of keeping the old number.
 */
function PercentField({ label, value, onValue, error }: { label: string; value: number; onValue: (n: number) => void; error?: string }) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A drag or a key changed the number: the field follows unless it already says it.
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(Number(text.replace(',', '.')), value)) setText(Number.isNaN(value) ? text : String(value));
  }
  return (
    <TextField label={label} type="text" inputMode="decimal" autoComplete="off" value={text} error={error}
      onChange={(e) => {
        setText(e.target.value);
        const t = e.target.value.trim().replace(',', '.');
        onValue(t === '' ? Number.NaN : Number(t));
      }} />
  );
}

type Props = {
  zone: TZone;
  onChange: (zone: TZone) => void;
  playlists: readonly TPlaylist[];
  tickers: readonly TTickerPlaylist[];
  error: FieldError;
};

/** The chosen zone's exact numbers, name, content and fit. */
export function ZoneFields({ zone, onChange, playlists, tickers, error }: Props) {
  const set = (patch: Partial<TZone>) => onChange({ ...zone, ...patch });
  // The zone's own content stays a choice while the lists load (or if a list no longer has it).
  const withOwn = <T extends { _id: string; name: string }>(list: readonly T[], own: { _id: string; name: string } | null) =>
    (own && !list.some((x) => x._id === own._id) ? [...list, own] : list);
  const playlistChoices = withOwn(playlists, zone.playlist);
  const tickerChoices = withOwn(tickers, zone.directionPlaylist);
  const content = zone.playlist ? `p:${zone.playlist._id}` : zone.directionPlaylist ? `t:${zone.directionPlaylist._id}` : '';
  const pick = (value: string) => {
    const p = playlistChoices.find((x) => `p:${x._id}` === value);
    const t = tickerChoices.find((x) => `t:${x._id}` === value);
    set({ playlist: p ? { _id: p._id, name: p.name } : null, directionPlaylist: t ? { _id: t._id, name: t.name } : null });
  };
  return (
    <div className="zone-fields">
      <TextField label={trLayouts.zoneNameLabel} value={zone.name} maxLength={100} error={error('name')}
        onChange={(e) => set({ name: e.target.value })} />
      <div className="zone-numbers">
        <PercentField label={trLayouts.xLabel} value={zone.x} onValue={(x) => set({ x })} error={error('x')} />
        <PercentField label={trLayouts.yLabel} value={zone.y} onValue={(y) => set({ y })} error={error('y')} />
        <PercentField label={trLayouts.widthLabel} value={zone.width} onValue={(width) => set({ width })} error={error('width')} />
        <PercentField label={trLayouts.heightLabel} value={zone.height} onValue={(height) => set({ height })} error={error('height')} />
      </div>
      <SelectField label={trLayouts.contentLabel} value={content} onChange={(e) => pick(e.target.value)}
        error={error('playlist') ?? error('directionPlaylist')}>
        <option value="">{trLayouts.noContent}</option>
        <optgroup label={trLayouts.playlistsGroup}>
          {playlistChoices.map((p) => <option key={p._id} value={`p:${p._id}`}>{p.name}</option>)}
        </optgroup>
        <optgroup label={trLayouts.tickersGroup}>
          {tickerChoices.map((t) => <option key={t._id} value={`t:${t._id}`}>{t.name}</option>)}
        </optgroup>
      </SelectField>
      <SelectField label={trLayouts.fitLabel} value={zone.fit} onChange={(e) => set({ fit: e.target.value as TZone['fit'] })}>
        {(['cover', 'contain'] as const).map((f) => <option key={f} value={f}>{trLayouts.fitNames[f]}</option>)}
      </SelectField>
    </div>
  );
}
