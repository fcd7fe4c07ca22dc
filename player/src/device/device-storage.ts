import type { TScreenConfig } from '@pano/contract';

/** What a paired device remembers across reboots (localStorage survives power cycles of kiosk browsers). */
export type DeviceCredentials = { deviceToken: string; screenId: string | null };

const CREDENTIALS_KEY = 'pano.device';
const CONFIG_KEY = 'pano.lastConfig';
const PREVIOUS_KEY = 'pano.previousDeviceToken';

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the device still plays, it just forgets on reboot.
  }
}

export const deviceStorage = {
  credentials(): DeviceCredentials | null {
    const v = read(CREDENTIALS_KEY) as Partial<DeviceCredentials> | null;
    if (!v || typeof v.deviceToken !== 'string' || !v.deviceToken) return null;
    return { deviceToken: v.deviceToken, screenId: typeof v.screenId === 'string' ? v.screenId : null };
  },
  saveCredentials(c: DeviceCredentials): void {
    write(CREDENTIALS_KEY, c);
  },
  /**
   * Removed in the dashboard: the token goes, but is kept aside for the next pairing, which
   * shows it so that the plays still queued for the old screens are accepted
   * (docs/architecture/plays.md#play-records).
   */
  forget(): void {
    const token = this.credentials()?.deviceToken;
    if (token) write(PREVIOUS_KEY, token);
    localStorage.removeItem(CREDENTIALS_KEY);
    localStorage.removeItem(CONFIG_KEY);
  },
  previousDeviceToken(): string | null {
    const v = read(PREVIOUS_KEY);
    return typeof v === 'string' && v ? v : null;
  },
  /** Once paired again: the new pairing is linked to the old one on the server. */
  forgetPreviousDevice(): void {
    localStorage.removeItem(PREVIOUS_KEY);
  },
  /**
   * The last config shown for this screen, if it still has the shape the player reads.
   * Checked by hand: zod would triple the device bundle for this one call.
   */
  lastConfig(screenId: string): TScreenConfig | null {
    const v = read(CONFIG_KEY) as Partial<TScreenConfig> | null;
    const ok = v && v.screenId === screenId && typeof v.version === 'string' && typeof v.displaySettings === 'object' && v.displaySettings !== null
      && (v.playlist === null || Array.isArray(v.playlist?.mediaItems));
    return ok ? (v as TScreenConfig) : null;
  },
  saveConfig(config: TScreenConfig): void {
    write(CONFIG_KEY, config);
  },
};
