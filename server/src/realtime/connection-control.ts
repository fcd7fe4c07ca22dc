/**
 * What services may ask of the live sockets after a commit that ends what they were allowed to
 * see (docs/architecture/devices.md#devices). Every call reaches the sockets on every API instance.
 */
export type ConnectionControl = {
  /** Revoked devices: their cached checks dropped on every instance, their sockets disconnected. */
  devicesRevoked(deviceIds: string[]): void;
  /** A device was moved to another screen (or to none): its players are told to switch, its sockets elsewhere cut. */
  deviceMoved(deviceId: string, screenId: string | null): void;
  /** Deleted screens: their players and previews are disconnected. */
  screensDeleted(screenIds: string[]): void;
  /** A user's tokens were revoked (logout, a new password): their dashboards and previews are disconnected. */
  userSignedOut(userId: string): void;
  /** Sessions ended one by one (docs/architecture/sessions.md): their dashboards and previews are disconnected. */
  sessionsEnded(sessionIds: string[]): void;
  /**
   * A member's role or groups changed: their dashboards in that account move to the screen rooms
   * of `screens` (the screens now in scope; null: every screen), their previews of screens now
   * out of scope are cut, then they are told and reload their session.
   */
  memberChanged(accountId: string, userId: string, screens: string[] | null): void;
  /** A member was removed: their dashboards and previews in that account are told, then disconnected. */
  memberRemoved(accountId: string, userId: string): void;
};

/** Without a realtime layer (route tests, CLI) there is no socket to cut. */
export const noConnections: ConnectionControl = {
  devicesRevoked: () => {},
  deviceMoved: () => {},
  screensDeleted: () => {},
  userSignedOut: () => {},
  sessionsEnded: () => {},
  memberChanged: () => {},
  memberRemoved: () => {},
};
