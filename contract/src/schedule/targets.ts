/** Whom an entry is for: screens by id and groups by id, as the schedule API stores them. */
export interface ScheduleTargets {
  screenIds: readonly string[];
  groupIds: readonly string[];
}

interface TargetScreen {
  id: string;
  /** The groups the screen belongs to. */
  groupIds: readonly string[];
}

/** An entry applies to a screen that it names directly or through one of the screen's groups. */
export function targetsScreen(targets: ScheduleTargets, screen: TargetScreen): boolean {
  return targets.screenIds.includes(screen.id) || targets.groupIds.some((id) => screen.groupIds.includes(id));
}

/** The entries that can apply to one screen: what its config carries and resolveAt reads. */
export function entriesForScreen<T extends ScheduleTargets>(entries: readonly T[], screen: TargetScreen): T[] {
  return entries.filter((entry) => targetsScreen(entry, screen));
}
