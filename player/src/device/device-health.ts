import type { TPlayerHealth } from '@pano/contract';
import { tr } from '../i18n/tr.js';
import {
  FIRST_THUMBNAIL_AFTER_MS, HealthReporter, PlayerHealthState, storageUsage, THUMBNAIL_EVERY_MS, WhileOnline,
} from '../playback/health.js';
import { SelfHealing } from '../playback/self-healing.js';

export type ShotKind = 'screenshot' | 'thumbnail';

export type DeviceHealthOptions = {
  appVersion: string;
  /** Sends a report over the socket (ScreenConnection.reportHealth). */
  send: (health: TPlayerHealth) => void;
  /** Uploads a JPEG (deviceApi.uploadScreenshot with the device's token). */
  upload: (jpeg: Blob, kind: ShotKind) => Promise<void>;
  /** The player's frame to draw (`[data-testid=player]`). */
  root: () => HTMLElement | null;
  reload?: () => void;
};

/**
 * Health, screenshots and self-healing of a paired device (docs/architecture/player.md#player), wired
 * together: the reporter sends `player:health`, the self-healing rules feed it, thumbnails go
 * up every THUMBNAIL_EVERY_MS while online. The dashboard preview never makes one.
 */
export class DeviceHealth {
  readonly reporter: HealthReporter;
  readonly healing: SelfHealing;
  private readonly thumbnails: WhileOnline;

  constructor(private readonly options: DeviceHealthOptions) {
    this.reporter = new HealthReporter({
      state: (onChange) => new PlayerHealthState(options.appVersion, onChange),
      send: options.send,
      cacheBytes: storageUsage,
    });
    this.healing = new SelfHealing({
      health: this.reporter.state,
      reload: options.reload ?? (() => location.reload()),
      storage: typeof localStorage === 'undefined' ? undefined : localStorage,
    });
    this.thumbnails = new WhileOnline(() => void this.shoot('thumbnail'), THUMBNAIL_EVERY_MS, FIRST_THUMBNAIL_AFTER_MS);
  }

  start(): void {
    this.healing.start();
  }

  get state(): PlayerHealthState {
    return this.reporter.state;
  }

  setOnline(online: boolean): void {
    this.reporter.setOnline(online);
    this.thumbnails.setOnline(online);
  }

  /** Draws the screen and uploads it; a failure becomes the health's last error. */
  async shoot(kind: ShotKind): Promise<void> {
    const root = this.options.root();
    if (!root) return;
    try {
      // Loaded on the first shot, not with the page: the drawing code is not needed to play
      // (docs/PERFORMANCE.md, P6: the player's first load).
      const { captureScreen, SCREENSHOT_MAX_WIDTH, THUMBNAIL_WIDTH } = await import('./screenshot.js');
      const jpeg = await captureScreen(root, kind === 'thumbnail' ? THUMBNAIL_WIDTH : SCREENSHOT_MAX_WIDTH);
      if (!jpeg) throw new Error(tr.screenshotFailed);
      await this.options.upload(jpeg, kind);
    } catch (err) {
      this.state.error(err instanceof Error && err.message ? err.message : tr.screenshotFailed);
    }
  }

  stop(): void {
    this.reporter.stop();
    this.thumbnails.stop();
    this.healing.stop();
  }
}
