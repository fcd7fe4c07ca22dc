import type { TMediaProgressEvent } from '@pano/contract';

/**
 * Services call this after their transaction commits, naming the screens whose config
 * may have changed. The realtime layer recomputes and pushes those configs; without a
 * realtime layer (e.g. a CLI) the calls do nothing.
 */
export type ScreenNotifier = {
  screensChanged(screenIds: string[]): Promise<void>;
  /** Every screen of one customer (display settings, package expiry). */
  ownerScreensChanged(ownerId: string): Promise<void>;
  /** An alert was sent, ended or ran out: the owner's open /alerts pages get `alert:changed`. */
  alertChanged(ownerId: string, alertId: string): void;
  /** Players' acknowledgements were written: each owner's open /alerts pages get `alert:acked`. */
  alertsAcked(acks: readonly { ownerId: string; alertId: string; screenId: string }[]): void;
  /** A media item's processing moved on or ended: the owner's open /media pages get `media:progress`. */
  mediaProgress(ownerId: string, event: TMediaProgressEvent): void;
  /** A person's notifications in an account changed: their open dashboards there get `notifications:changed` (docs/architecture/approval.md). */
  notificationsChanged(accountId: string, userId: string, unread: number): void;
  /** An approval request of the account was made or decided: its open dashboards get `approvals:changed` (docs/architecture/approval.md). */
  approvalsChanged(accountId: string): void;
};

export const silentNotifier: ScreenNotifier = {
  screensChanged: async () => {},
  ownerScreensChanged: async () => {},
  alertChanged: () => {},
  alertsAcked: () => {},
  mediaProgress: () => {},
  notificationsChanged: () => {},
  approvalsChanged: () => {},
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

/**
 * docs/architecture/devices.md#health: what the screen-health module asks the realtime layer, on
 * every instance through the Redis adapter.
 */
export type HealthNotifier = {
  /** These screens' health changed (a report, a screenshot): their owners' dashboards get `screen:health`. */
  healthChanged(screenIds: string[]): void;
  /** Sends `screenshot:request` to the screen's players; false (nothing sent) when none is connected. */
  requestScreenshot(screenId: string, requestId: string): Promise<boolean>;
};

/** Without a realtime layer nobody is told and no player can take a screenshot. */
export const silentHealth: HealthNotifier = {
  healthChanged: () => {},
  requestScreenshot: async () => false,
};
