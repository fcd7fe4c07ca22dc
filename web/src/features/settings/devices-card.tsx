import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { useDevices } from '../../api/devices/devices-query';
import { useScreens } from '../../api/screens.api';
import { DeviceList } from '../../components/devices/device-list';
import { Banner, Card, Spinner } from '../../components/ui';

/** docs/PRODUCT.md#settings: 'Cihazlar', every paired device with its screen, to rename, move or remove. */
export function DevicesCard() {
  const devices = useDevices();
  const screens = useScreens();
  const choices = (screens.data ?? []).map((s) => ({ _id: s._id, name: s.name }));
  return (
    <Card aria-labelledby="devices-title">
      <h2 id="devices-title" className="card-title">{tr.devices.title}</h2>
      <p className="muted">{tr.devices.settingsLead}</p>
      {devices.isError ? (
        <Banner tone="error">{tr.devices.listError(errorMessage(devices.error))}</Banner>
      ) : devices.data ? (
        <DeviceList devices={devices.data} empty={tr.devices.none} screens={choices} />
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
