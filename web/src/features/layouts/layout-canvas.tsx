import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { TZone } from '@pano/contract';
import { drawOrder, type LayoutDraft } from './layout-draft';
import { moveRect, nudgeRect, resizeRect, type Handle, type Rect } from './zone-geometry';
import { trLayouts } from '../../i18n/tr-layouts';

const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];

type Drag = { index: number; mode: 'move' | Handle; startX: number; startY: number; start: Rect; others: Rect[] };

const rectOf = ({ x, y, width, height }: TZone): Rect => ({ x, y, width, height });

type Props = {
  draft: LayoutDraft;
  selected: number;
  onSelect: (index: number) => void;
  onRect: (index: number, rect: Rect) => void;
};

/**
 * The screen at its aspect ratio with the zones on it (docs/PRODUCT.md#layouts). Pointer events,
 * so a mouse, a pen and a finger drag alike: the zone's body moves it, a corner of the chosen
 * zone resizes it; the pointer is captured, so a fast drag that leaves the zone still follows.
 * A focused zone moves by 1 % with the arrow keys, and resizes with Shift + arrows.
 */
export function LayoutCanvas({ draft, selected, onSelect, onRect }: Props) {
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const begin = (e: PointerEvent<HTMLElement>, index: number, mode: Drag['mode']) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    onSelect(index);
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const zone = draft.zones[index] as TZone;
    drag.current = {
      index, mode, startX: e.clientX, startY: e.clientY, start: rectOf(zone),
      others: draft.zones.filter((_, i) => i !== index).map(rectOf),
    };
  };

  const follow = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const box = canvas.current?.getBoundingClientRect();
    if (!d || !box || box.width === 0 || box.height === 0) return;
    const dx = ((e.clientX - d.startX) / box.width) * 100;
    const dy = ((e.clientY - d.startY) / box.height) * 100;
    onRect(d.index, d.mode === 'move' ? moveRect(d.start, dx, dy, d.others) : resizeRect(d.start, d.mode, dx, dy, d.others));
  };

  const end = () => {
    drag.current = null;
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>, index: number) => {
    const next = nudgeRect(rectOf(draft.zones[index] as TZone), e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    onRect(index, next);
  };

  return (
    <div className="layout-stage">
      <div ref={canvas} className={`layout-canvas layout-canvas-${draft.orientation}`} style={{ background: draft.background }}
        data-testid="layout-canvas" role="group" aria-label={trLayouts.canvasLabel} onPointerMove={follow} onPointerUp={end} onPointerCancel={end}>
        {drawOrder(draft.zones).map(({ zone, index }) => (
          <div key={index} role="button" tabIndex={0} data-testid="canvas-zone"
            className={`canvas-zone${index === selected ? ' canvas-zone-selected' : ''}`}
            aria-label={trLayouts.zoneLabel(zone.name, zone.x, zone.y, zone.width, zone.height)}
            aria-pressed={index === selected}
            style={{ left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.width}%`, height: `${zone.height}%` }}
            onPointerDown={(e) => begin(e, index, 'move')}
            onFocus={() => onSelect(index)}
            onKeyDown={(e) => onKey(e, index)}>
            <span className="canvas-zone-label">
              <span className="canvas-zone-name">{zone.name}</span>
              <span className="canvas-zone-content">
                {zone.playlist?.name ?? (zone.directionPlaylist ? `${trLayouts.tickerPrefix}${zone.directionPlaylist.name}` : trLayouts.noContent)}
              </span>
            </span>
            {index === selected && HANDLES.map((h) => (
              <span key={h} className={`zone-handle zone-handle-${h}`} data-testid={`handle-${h}`}
                aria-hidden="true"
                onPointerDown={(e) => begin(e, index, h)} />
            ))}
          </div>
        ))}
      </div>
      <p className="field-hint">{trLayouts.canvasHint}</p>
    </div>
  );
}
