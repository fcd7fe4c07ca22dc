import { useState } from 'react';
import { tr } from '../i18n/tr.js';
import { DevicePlayback } from './device-playback.js';
import { deviceStorage, type DeviceCredentials } from './device-storage.js';
import { PairingView } from './pairing-view.js';

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
      <PairingView deviceToken={creds?.deviceToken ?? null} notice={notice}
        onReady={(deviceToken, screenId) => { setNotice(null); setCreds({ deviceToken, screenId }); }} />
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
