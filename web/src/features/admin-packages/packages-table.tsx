import type { TPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatMoney } from '../../lib/format';
import { Badge, Button, StatusToggle } from '../../components/ui';

type Props = {
  packages: TPackage[];
  busyId: string | null;
  onToggle: (p: TPackage) => void;
  onEdit: (p: TPackage) => void;
  onDelete: (p: TPackage) => void;
};

export function PackagesTable({ packages, busyId, onToggle, onEdit, onDelete }: Props) {
  const t = tr.adminPackages;
  return (
    <div className="table-wrap">
      <table className="table table-stacked admin-packages-table">
        <thead>
          <tr>
            <th scope="col">{t.colName}</th>
            <th scope="col">{t.colPrice}</th>
            <th scope="col">{t.colFeatures}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colPopular}</th>
            <th scope="col">{t.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {packages.map((p) => {
            const state = p.isActive ? t.active : t.passive;
            return (
              <tr key={p._id} data-testid="package-row">
                <td data-label={t.colName}>
                  <strong className="cell-title">{p.name}</strong>
                  <span className="muted cell-sub">{p.description}</span>
                </td>
                <td data-label={t.colPrice}>
                  <strong className="cell-title">{formatMoney(p.price)}</strong>
                  <span className="muted cell-sub">{t.days(p.duration)}</span>
                </td>
                <td data-label={t.colFeatures}>
                  <ul className="cell-list">
                    <li>{t.storage(p.features.maxMediaUpload)}</li>
                    <li>{t.screens(p.features.maxScreens)}</li>
                    <li>{t.playlists(p.features.maxPlaylists)}</li>
                    <li>{t.members(p.features.maxMembers)}</li>
                  </ul>
                </td>
                <td data-label={t.colStatus}>
                  <StatusToggle on={p.isActive} state={state} label={t.toggleLabel(p.name, state)} disabled={busyId === p._id} onToggle={() => onToggle(p)} />
                </td>
                <td data-label={t.colPopular}>{p.isPopular ? <Badge tone="primary">{t.popular}</Badge> : <span className="muted">-</span>}</td>
                <td data-label={t.colActions}>
                  <div className="card-actions">
                    <Button size="sm" variant="secondary" onClick={() => onEdit(p)} aria-label={`${t.edit}: ${p.name}`}>{t.edit}</Button>
                    <Button size="sm" variant="danger" onClick={() => onDelete(p)} disabled={busyId === p._id} aria-label={`${t.delete}: ${p.name}`}>{t.delete}</Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
