/**
 * Services call this after their transaction commits, naming the screens whose config
 * may have changed. The realtime layer recomputes and pushes those configs; without a
 * realtime layer (e.g. a CLI) the calls do nothing.
 */
export type ScreenNotifier = {
  screensChanged(screenIds: string[]): Promise<void>;
  /** Every screen of one customer (display settings, package expiry). */
  ownerScreensChanged(ownerId: string): Promise<void>;
};

export const silentNotifier: ScreenNotifier = {
  screensChanged: async () => {},
  ownerScreensChanged: async () => {},
};
