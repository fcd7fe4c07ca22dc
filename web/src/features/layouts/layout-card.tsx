import type { TLayout } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate } from '../../lib/format';
import { Button } from '../../components/ui';
import { LayoutMiniature } from './layout-miniature';
import { trLayouts } from '../../i18n/tr-layouts';

/** `readOnly`: a role below editor: no actions. */
type Props = { layout: TLayout; onEdit: () => void; onDelete: () => void; deleting: boolean; readOnly?: boolean };

/** One layout of the list: its miniature, name, zone count and orientation. */
export function LayoutCard({ layout, onEdit, onDelete, deleting, readOnly = false }: Props) {
  return (
    <li className="layout-card" data-testid="layout-card">
      <LayoutMiniature orientation={layout.orientation} background={layout.background} zones={layout.zones}
        label={trLayouts.miniature(layout.name)} />
      <div className="layout-body">
        <h3 className="layout-name" title={layout.name}>{layout.name}</h3>
        <p className="muted layout-meta">
          {trLayouts.zoneCount(layout.zones.length)} · {trLayouts.orientationNames[layout.orientation]} · {formatDate(layout.updatedAt)}
        </p>
        {!readOnly && (
          <div className="card-actions">
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${tr.common.edit}: ${layout.name}`}>{tr.common.edit}</Button>
            <Button size="sm" variant="danger-soft" onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${layout.name}`}>{tr.common.delete}</Button>
          </div>
        )}
      </div>
    </li>
  );
}
