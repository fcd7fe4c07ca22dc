import { lazy, Suspense, useState } from 'react';
import { tr } from '../i18n/tr.js';
import { DevicePlayback } from './device-playback.js';
import { deviceStorage, type DeviceCredentials } from './device-storage.js';

/**
 * Pairing is loaded only by a device that needs it: a paired screen starts straight into
 * playback without its code (docs/PERFORMANCE.md, P6: the player's first load).
 */
const PairingView = lazy(() => import('./pairing-view.js').then((m) => ({ default: m.PairingView })));

/** The /player app: pairing until the device has a token and a screen, then playback. */
export function DeviceApp() {
  const [creds, setCreds] = useState<DeviceCredentials | null>(() => deviceStorage.credentials());
  // Why the device is back on pairing, when it was removed while playing.
  const [notice, setNotice] = useState<string | null>(null);
  const show = (next: DeviceCredentials | null) => {
    if (next) deviceStorage.saveCredentials(next);
    setCreds(next);
  };

  if (!creds?.deviceToken || !creds.screenId) {
    return (
      <Suspense fallback={null}>
        <PairingView deviceToken={creds?.deviceToken ?? null} notice={notice}
          onReady={(deviceToken, screenId) => { setNotice(null); setCreds({ deviceToken, screenId }); }} />
      </Suspense>
    );
  }
  return (
    <DevicePlayback
      deviceToken={creds.deviceToken}
      screenId={creds.screenId}
      onUnpaired={() => {
        // Removed in the dashboard ('Cihazı Kaldır'): forget it and ask for the code again.
        deviceStorage.forget();
        setNotice(tr.deviceRemoved);
        setCreds(null);
      }}
      // The screen was deleted: keep the pairing, choose another screen.
      onScreenGone={() => show({ deviceToken: creds.deviceToken, screenId: null })}
      onScreenMoved={(screenId) => show({ deviceToken: creds.deviceToken, screenId })}
    />
  );
}
