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

/** What the dashboard's presence endpoint asks the realtime layer. */
export type PresenceReader = {
  /** Screens of this owner with a player connected to any instance right now. */
  onlineScreenIds(ownerId: string): Promise<Set<string>>;
  /** Which of these devices have a player connected to any instance right now. */
  onlineDeviceIds(deviceIds: string[]): Promise<Set<string>>;
};

/** Without a realtime layer no player can be connected. */
export const nobodyOnline: PresenceReader = {
  onlineScreenIds: async () => new Set(),
  onlineDeviceIds: async () => new Set(),
};
