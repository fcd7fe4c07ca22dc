import type { TDevice, TDeviceScreen, TPairDeviceResponse, TScreenPresence } from '@pano/contract';
import type { ListedDevice } from './device-management.service.js';
import type { Pairing, ScreenChoice } from './devices.service.js';
import type { ScreenPresence } from './presence.service.js';

/** A screen a device may show, as the player lists them. */
export const presentDeviceScreen = (s: ScreenChoice): TDeviceScreen => ({ _id: s.id, name: s.name });

/** A paired device on the customer's /screens page. */
export const presentDevice = (d: ListedDevice): TDevice => ({
  _id: d.id,
  name: d.name,
  screen: d.screen ? presentDeviceScreen(d.screen) : null,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
  online: d.online,
});

/** What a device keeps from its pairing: its token, and the screens it may choose from. */
export const presentPairing = (p: Pairing): TPairDeviceResponse => ({
  deviceToken: p.deviceToken,
  deviceId: p.deviceId,
  owner: { firstName: p.ownerFirstName },
  screens: p.screens.map(presentDeviceScreen),
});

/** A screen's live state on the dashboard. */
export const presentScreenPresence = (s: ScreenPresence): TScreenPresence => ({
  screenId: s.id,
  online: s.online,
  lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
});
