import type { TDevice, TDeviceScreen } from '@pano/contract';
import { DeviceItem } from './device-item';

type Props = {
  devices: readonly TDevice[];
  /** What to say when there is none. */
  empty: string;
  /** Given on /settings: each device can be moved to one of these screens. */
  screens?: readonly TDeviceScreen[];
};

export function DeviceList({ devices, empty, screens }: Props) {
  if (devices.length === 0) return <p className="muted device-facts">{empty}</p>;
  return (
    <ul className="device-list">
      {devices.map((d) => <DeviceItem key={d._id} device={d} screens={screens} />)}
    </ul>
  );
}
