import { useState } from 'react';
import { DevicePlayback } from './device-playback.js';
import { deviceStorage, type DeviceCredentials } from './device-storage.js';
import { PairingView } from './pairing-view.js';

/** The /player app: pairing until the device has a token and a screen, then playback. */
export function DeviceApp() {
  const [creds, setCreds] = useState<DeviceCredentials | null>(() => deviceStorage.credentials());

  if (!creds?.deviceToken || !creds.screenId) {
    return <PairingView deviceToken={creds?.deviceToken ?? null} onReady={(deviceToken, screenId) => setCreds({ deviceToken, screenId })} />;
  }
  return (
    <DevicePlayback
      deviceToken={creds.deviceToken}
      screenId={creds.screenId}
      onUnpaired={() => {
        deviceStorage.forget();
        setCreds(null);
      }}
      onScreenGone={() => {
        // The screen was deleted: keep the pairing, choose another screen.
        const next = { deviceToken: creds.deviceToken, screenId: null };
        deviceStorage.saveCredentials(next);
        setCreds(next);
      }}
    />
  );
}
