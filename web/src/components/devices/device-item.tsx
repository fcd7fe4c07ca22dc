import './devices.css';
import { useState, type FormEvent } from 'react';
import type { TDevice, TDeviceScreen } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/api-error';
import { useMoveDevice } from '../../api/devices/use-move-device';
import { useRemoveDevice } from '../../api/devices/use-remove-device';
import { useRenameDevice } from '../../api/devices/use-rename-device';
import { useCan } from '../../stores/use-can';
import { Button } from '../ui/button';
import { showConfirm } from '../ui/dialog-store';
import { SelectField, TextField } from '../ui/form-field';

type Props = {
  device: TDevice;
  /** Given on /settings: the screens the device may be moved to. */
  screens?: readonly TDeviceScreen[];
};

/**
 * One paired device: its name and live state, rename, move (when `screens` is given) and 'Cihazı
 * Kaldır'; those three are an admin's (docs/architecture/accounts.md#roles), others only read.
 */
export function DeviceItem({ device, screens }: Props) {
  const manages = useCan('admin');
  const rename = useRenameDevice();
  const move = useMoveDevice();
  const remove = useRemoveDevice();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const name = device.name ?? tr.devices.unnamed;

  const startRename = () => {
    rename.reset();
    setDraft(device.name ?? '');
    setEditing(true);
  };
  const saveName = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ id: device._id, name: draft }, { onSuccess: () => setEditing(false) });
  };
  const onRemove = async () => {
    const ok = await showConfirm(tr.devices.removeConfirm(name), { confirmLabel: tr.devices.remove, danger: true });
    if (ok) remove.mutate(device._id);
  };

  return (
    <li className="device-item" data-testid="device-item">
      <div className="device-head">
        <span className="device-name">{name}</span>
        <span className={`device-state ${device.online ? 'is-online' : 'is-offline'}`} data-testid="device-state">
          {device.online ? tr.devices.online : tr.devices.offline}
        </span>
      </div>
      <p className="muted device-facts">
        {device.lastSeenAt ? tr.devices.lastSeen(formatDateTime(device.lastSeenAt)) : tr.devices.pairedAt(formatDateTime(device.createdAt))}
      </p>
      {manages && screens && (
        <SelectField label={tr.devices.screenLabel} value={device.screen?._id ?? ''} disabled={move.isPending}
          error={move.error ? errorMessage(move.error, tr.devices.moveError) : undefined}
          onChange={(e) => move.mutate({ id: device._id, screenId: e.target.value || null })}>
          <option value="">{tr.devices.noScreen}</option>
          {screens.map((s) => <option key={s._id} value={s._id}>{s.name}</option>)}
        </SelectField>
      )}
      {!manages ? null : editing ? (
        <form className="device-rename" onSubmit={saveName} noValidate>
          <TextField label={tr.devices.nameLabel} value={draft} maxLength={100} autoFocus
            error={rename.error ? errorMessage(rename.error, tr.devices.renameError) : undefined}
            onChange={(e) => setDraft(e.target.value)} />
          <Button type="submit" size="sm" busy={rename.isPending} busyText={tr.common.saving}>{tr.common.save}</Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>{tr.common.cancel}</Button>
        </form>
      ) : (
        <div className="device-actions">
          <Button size="sm" variant="secondary" onClick={startRename} aria-label={`${tr.devices.rename}: ${name}`}>{tr.devices.rename}</Button>
          <Button size="sm" variant="danger-soft" busy={remove.isPending} busyText={tr.devices.removing}
            onClick={() => void onRemove()} aria-label={`${tr.devices.remove}: ${name}`}>
            {tr.devices.remove}
          </Button>
        </div>
      )}
      {remove.error && <p className="field-error" role="alert">{errorMessage(remove.error, tr.devices.removeError)}</p>}
    </li>
  );
}
