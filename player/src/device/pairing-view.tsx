import { useEffect, useState } from 'react';
import type { TDeviceScreen } from '@pano/contract';
import { HttpError } from '../connection/http-error.js';
import { tr } from '../i18n/tr.js';
import { trPairing } from '../i18n/tr-pairing.js';
import { deviceApi } from './device-api.js';
import { deviceStorage } from './device-storage.js';
import { styles } from './device-styles.js';

type Props = {
  deviceToken: string | null;
  /** Shown until the next attempt, e.g. why the device is unpaired again. */
  notice?: string | null;
  onReady: (deviceToken: string, screenId: string) => void;
};

/** Unpaired device: mobile code → the customer's screens → the one this device shows. */
export function PairingView({ deviceToken, notice = null, onReady }: Props) {
  const [token, setToken] = useState(deviceToken);
  const [code, setCode] = useState('');
  const [screens, setScreens] = useState<TDeviceScreen[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(notice);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        // The device was revoked: start again from the code.
        deviceStorage.forget();
        setToken(null);
        setScreens(null);
      }
      setError(err instanceof Error ? err.message : tr.pairFailed);
    } finally {
      setBusy(false);
    }
  };

  const loadScreens = (t: string) => run(async () => setScreens(await deviceApi.screens(t)));
  useEffect(() => {
    if (deviceToken) void loadScreens(deviceToken);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on mount: a remembered token without a chosen screen
  }, []);

  const pair = (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(trPairing.mobileCodeRequired);
    void run(async () => {
      const res = await deviceApi.pair(code.trim(), deviceStorage.previousDeviceToken());
      deviceStorage.saveCredentials({ deviceToken: res.deviceToken, screenId: null });
      deviceStorage.forgetPreviousDevice();
      setToken(res.deviceToken);
      setScreens(res.screens);
    });
  };
  const choose = (screenId: string) => run(async () => {
    await deviceApi.selectScreen(token!, screenId);
    deviceStorage.saveCredentials({ deviceToken: token!, screenId });
    onReady(token!, screenId);
  });

  return (
    <main style={styles.page}>
      <div style={styles.card}>
        <h1 style={styles.title}>{trPairing.pairTitle}</h1>
        {!token ? (
          <form onSubmit={pair} style={styles.form} noValidate>
            <p style={styles.muted}>{trPairing.pairIntro}</p>
            <label style={styles.label} htmlFor="mobile-code">{trPairing.mobileCodeLabel}</label>
            <input
              id="mobile-code" name="mobileCode" value={code} autoFocus autoComplete="off" autoCapitalize="characters"
              onChange={(e) => setCode(e.currentTarget.value)} style={styles.input}
            />
            <button type="submit" disabled={busy} style={styles.button}>{busy ? trPairing.pairing : trPairing.pairButton}</button>
          </form>
        ) : (
          <div style={styles.form}>
            <p style={styles.muted}>{screens && screens.length === 0 ? trPairing.noScreens : trPairing.chooseScreen}</p>
            {screens?.map((s) => (
              <button key={s._id} type="button" disabled={busy} onClick={() => void choose(s._id)} style={styles.choice} data-screen-id={s._id}>
                {s.name}
              </button>
            ))}
            <button type="button" disabled={busy} onClick={() => void loadScreens(token)} style={styles.secondary}>{trPairing.refreshScreens}</button>
          </div>
        )}
        {error && <p role="alert" style={styles.error}>{error}</p>}
      </div>
    </main>
  );
}
