import './layout-editor.css';
import { useState } from 'react';
import type { TZone } from '@pano/contract';
import { LAYOUT_ZONES_MAX, LAYOUT_ZONES_MAX_MESSAGE, ZCreateLayoutRequest } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { ApiError, errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, Form, SelectField, TextField } from '../../components/ui';
import { usePlaylists } from '../../api/playlists.api';
import { useTickerPlaylists } from '../../api/tickers.api';
import { useSaveLayout } from './api/use-save-layout';
import { addZone, drawOrder, requestOf, restack, type LayoutDraft } from './layout-draft';
import { LayoutCanvas } from './layout-canvas';
import { LayoutLivePreview } from './layout-live-preview';
import { ZoneFields } from './zone-fields';
import type { Rect } from './zone-geometry';
import { trLayouts } from '../../i18n/tr-layouts';

/** A message of the contract's check or of the server's, by its path ('zones.1.width'). */
type Issue = { path: string; message: string };

/**
 * The layout editor (docs/PRODUCT.md#layouts): the canvas, the layout's fields, the zones with
 * the chosen one's exact numbers and content. Save checks with the contract's schema first (the
 * server's rules and Turkish messages), then POSTs or PUTs; what either finds wrong is listed
 * beside the form, each line naming its zone, and under the field it is about.
 */
export function LayoutEditor({ id, initial, onDone }: { id: string | null; initial: LayoutDraft; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [selected, setSelected] = useState(0);
  const [issues, setIssues] = useState<Issue[]>([]);
  const playlists = usePlaylists();
  const tickers = useTickerPlaylists();
  const save = useSaveLayout();

  const serverIssues = save.error instanceof ApiError ? (save.error.details ?? []) : [];
  const shown = issues.length > 0 ? issues : serverIssues;
  const errorAt = (path: string) => shown.find((i) => i.path === path)?.message;
  const zoneName = (path: string) => {
    const m = /^zones\.(\d+)/.exec(path);
    return m ? draft.zones[Number(m[1])]?.name : undefined;
  };

  // A change answers what was found wrong: the old messages (the check's or the server's) go.
  const change = (next: LayoutDraft) => {
    setDraft(next);
    setIssues([]);
    if (save.isError) save.reset();
  };
  const setZone = (index: number, zone: TZone) => change({ ...draft, zones: draft.zones.map((z, i) => (i === index ? zone : z)) });
  const setRect = (index: number, rect: Rect) => setZone(index, { ...(draft.zones[index] as TZone), ...rect });
  const zone = draft.zones[selected];

  const onSave = () => {
    const parsed = ZCreateLayoutRequest.safeParse(requestOf(draft));
    if (!parsed.success) {
      setIssues(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      return;
    }
    setIssues([]);
    return save.mutateAsync({ id, body: parsed.data }, { onSuccess: onDone });
  };

  const failed = issues.length > 0 || save.isError;
  const order = drawOrder(draft.zones).map((o) => o.index);
  return (
    <Card aria-labelledby="layout-editor-title">
      <h2 id="layout-editor-title" className="card-title">{id ? trLayouts.editTitle(initial.name) : trLayouts.newTitle}</h2>
      <Form className="layout-editor" onSubmit={onSave}>
        <div className="layout-editor-main">
          <LayoutCanvas draft={draft} selected={selected} onSelect={setSelected} onRect={setRect} />
          <LayoutLivePreview draft={draft} />
        </div>
        <div className="layout-editor-side">
          {failed && (
            <Banner tone="error">
              {issues.length > 0 ? trLayouts.invalid : errorMessage(save.error, trLayouts.saveError)}
              {shown.length > 0 && (
                <ul className="issue-list" data-testid="layout-issues">
                  {shown.map((i) => <li key={`${i.path}:${i.message}`}>{zoneName(i.path) ? `${zoneName(i.path)}: ${i.message}` : i.message}</li>)}
                </ul>
              )}
            </Banner>
          )}
          <TextField label={trLayouts.nameLabel} placeholder={trLayouts.namePlaceholder} maxLength={100} value={draft.name}
            error={errorAt('name')} onChange={(e) => change({ ...draft, name: e.target.value })} />
          <div className="form-row">
            <SelectField label={trLayouts.orientationLabel} value={draft.orientation}
              onChange={(e) => change({ ...draft, orientation: e.target.value as LayoutDraft['orientation'] })}>
              {(['landscape', 'portrait'] as const).map((o) => <option key={o} value={o}>{trLayouts.orientationNames[o]}</option>)}
            </SelectField>
            <TextField label={trLayouts.backgroundLabel} type="color" value={draft.background} error={errorAt('background')}
              onChange={(e) => change({ ...draft, background: e.target.value })} />
          </div>
          <h3 className="section-title">{trLayouts.zonesTitle}</h3>
          <div className="zone-tabs" role="group" aria-label={trLayouts.zonesTitle}>
            {draft.zones.map((z, i) => (
              <Button key={i} size="sm" variant={i === selected ? 'primary' : 'secondary'} aria-pressed={i === selected}
                onClick={() => setSelected(i)}>{z.name || trLayouts.newZoneName(i + 1)}</Button>
            ))}
            <Button size="sm" variant="secondary" disabled={draft.zones.length >= LAYOUT_ZONES_MAX}
              title={draft.zones.length >= LAYOUT_ZONES_MAX ? LAYOUT_ZONES_MAX_MESSAGE : undefined}
              onClick={() => {
                const zones = addZone(draft.zones);
                if (!zones) return;
                change({ ...draft, zones });
                setSelected(zones.length - 1);
              }}>+ {trLayouts.addZone}</Button>
          </div>
          {zone && (
            <>
              <div className="zone-actions">
                <span className="muted">{trLayouts.layer(order.indexOf(selected) + 1)}</span>
                <Button size="sm" variant="secondary" disabled={order.at(-1) === selected}
                  onClick={() => change({ ...draft, zones: restack(draft.zones, selected, 1) })}>{trLayouts.bringForward}</Button>
                <Button size="sm" variant="secondary" disabled={order[0] === selected}
                  onClick={() => change({ ...draft, zones: restack(draft.zones, selected, -1) })}>{trLayouts.sendBackward}</Button>
                <Button size="sm" variant="danger-soft" disabled={draft.zones.length <= 1}
                  onClick={() => {
                    change({ ...draft, zones: draft.zones.filter((_, i) => i !== selected) });
                    setSelected(Math.max(0, selected - 1));
                  }}>{trLayouts.removeZone}</Button>
              </div>
              <ZoneFields key={selected} zone={zone} onChange={(z) => setZone(selected, z)}
                playlists={playlists.data ?? []} tickers={tickers.data ?? []}
                error={(field) => errorAt(`zones.${selected}.${field}`)} />
            </>
          )}
          <div className="card-actions">
            <Button type="submit" busy={save.isPending} busyText={tr.common.saving}>{tr.common.save}</Button>
            <Button variant="secondary" onClick={onDone}>{tr.common.cancel}</Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}
