import type { TPlayRecord } from '@pano/contract';
import { fetchJson, HttpError, screenConfigUrl } from '../connection/http-error.js';
import { tr } from '../i18n/tr.js';
import { deviceLabel } from './device-label.js';

/** The device's calls (docs/architecture/devices.md#devices), all with its own token, never a user's. */
export const deviceApi = {
  pair: (mobileCode: string, previousDeviceToken: string | null) =>
    fetchJson('/api/devices/pair', (c) => c.ZPairDeviceResponse, {
      method: 'POST',
      body: JSON.stringify({ mobileCode, name: deviceLabel(navigator.userAgent), previousDeviceToken: previousDeviceToken ?? undefined }),
    }, tr.pairFailed),
  screens: (deviceToken: string) => fetchJson('/api/devices/screens', (c) => c.ZDeviceScreensResponse, { token: deviceToken }, tr.screenChoiceFailed),
  selectScreen: (deviceToken: string, screenId: string) =>
    fetchJson('/api/devices/screen', (c) => c.ZSelectDeviceScreenResponse, {
      method: 'PUT',
      token: deviceToken,
      body: JSON.stringify({ screenId }),
    }, tr.screenChoiceFailed),
  config: (deviceToken: string, screenId: string) => fetchJson(screenConfigUrl(screenId), (c) => c.ZScreenConfig, { token: deviceToken }),
  /** A batch of play records (docs/architecture/plays.md#play-records); the server is idempotent on their ids. */
  plays: (deviceToken: string, plays: TPlayRecord[]) =>
    fetchJson('/api/devices/plays', (c) => c.ZPlaysUploadResponse, { method: 'POST', token: deviceToken, body: JSON.stringify({ plays }) }, tr.playsUploadFailed),
  /** A screenshot (asked for over the socket) or the periodic thumbnail, as image/jpeg. */
  uploadScreenshot: async (deviceToken: string, jpeg: Blob, kind: 'screenshot' | 'thumbnail'): Promise<void> => {
    let res: Response;
    try {
      res = await fetch(`/api/devices/screenshot?kind=${kind}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${deviceToken}`, 'Content-Type': 'image/jpeg', Accept: 'application/json' },
        body: jpeg,
        cache: 'no-store',
      });
    } catch {
      throw new HttpError(tr.screenshotFailed, 0);
    }
    if (res.ok) return;
    const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    throw new HttpError(typeof body?.message === 'string' ? body.message : tr.screenshotFailed, res.status, typeof body?.code === 'string' ? body.code : undefined);
  },
};
