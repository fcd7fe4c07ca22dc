import type { TLayout } from '@pano/contract';
import { drawOrder } from './layout-draft';

type MiniZone = { name: string; x: number; y: number; width: number; height: number; z: number };

/**
 * A layout drawn small and to scale: the screen at its aspect ratio (16:9 or 9:16) with each
 * zone where it is, in drawing order (docs/PRODUCT.md#layouts).
 */
export function LayoutMiniature({ orientation, background, zones, label }: {
  orientation: TLayout['orientation']; background?: string; zones: readonly MiniZone[]; label: string;
}) {
  return (
    <div className={`layout-mini layout-mini-${orientation}`} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })} style={{ background: background ?? '#000000' }}>
      {drawOrder(zones).map(({ zone, index }) => (
        <span key={index} className="layout-mini-zone" data-testid="mini-zone" style={{
          left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.width}%`, height: `${zone.height}%`,
        }}>
          <span className="layout-mini-name">{zone.name}</span>
        </span>
      ))}
    </div>
  );
}
