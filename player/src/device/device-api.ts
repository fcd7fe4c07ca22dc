import type { TDeviceScreen, TPairDeviceResponse, TPlayRecord, TPlaysUploadResponse, TScreenConfig } from '@pano/contract';
import { fetchJson, screenConfigUrl } from '../connection/http-error.js';
import { tr } from '../i18n/tr.js';
import { deviceLabel } from './device-label.js';

/** The device's calls (docs/ARCHITECTURE.md#devices), all with its own token, never a user's. */
export const deviceApi = {
  pair: (mobileCode: string) =>
    fetchJson<TPairDeviceResponse>('/api/devices/pair', {
      method: 'POST',
      body: JSON.stringify({ mobileCode, name: deviceLabel(navigator.userAgent) }),
    }, tr.pairFailed),
  screens: (deviceToken: string) => fetchJson<TDeviceScreen[]>('/api/devices/screens', { token: deviceToken }, tr.screenChoiceFailed),
  selectScreen: (deviceToken: string, screenId: string) =>
    fetchJson<{ screen: TDeviceScreen }>('/api/devices/screen', {
      method: 'PUT',
      token: deviceToken,
      body: JSON.stringify({ screenId }),
    }, tr.screenChoiceFailed),
  config: (deviceToken: string, screenId: string) => fetchJson<TScreenConfig>(screenConfigUrl(screenId), { token: deviceToken }),
  /** A batch of play records (docs/ARCHITECTURE.md#play-records); the server is idempotent on their ids. */
  plays: (deviceToken: string, plays: TPlayRecord[]) =>
    fetchJson<TPlaysUploadResponse>('/api/devices/plays', { method: 'POST', token: deviceToken, body: JSON.stringify({ plays }) }, tr.playsUploadFailed),
};
