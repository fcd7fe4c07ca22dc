import type { AppContext } from '../../context.js';
import { screenHookData } from './hook-data.js';
import { announce } from './webhooks.service.js';

type Deps = Pick<AppContext, 'db' | 'clock' | 'jobs' | 'logger'>;

/** How long which events an account's hooks want is remembered: a new hook hears screens within this. */
const SUBSCRIBED_TTL_MS = 30_000;
const PRESENCE = ['screen.offline', 'screen.online'] as const;

/**
 * `screen.offline` and `screen.online` (docs/architecture/webhooks.md#events), told by presence
 * when a screen's last player leaves and when one comes back. Only accounts whose hooks ask for
 * either pay anything: which ones do is remembered for 30 s, so a fleet reconnecting after a
 * restart costs one read per account, not one per player. The screen row remembers that its
 * hooks were told it went offline, so `screen.online` is said once after it, never for a player
 * that merely reconnected (a server restart does not report players offline).
 */
export class ScreenHooks {
  private readonly subscribed = new Map<string, { at: number; events: Set<string> }>();

  constructor(private readonly ctx: Deps) {}

  private async eventsOf(accountId: string): Promise<Set<string>> {
    const now = this.ctx.clock().getTime();
    const known = this.subscribed.get(accountId);
    if (known && now - known.at < SUBSCRIBED_TTL_MS) return known.events;
    const hooks = await this.ctx.db.webhook.findMany({ where: { ownerId: accountId, enabled: true, events: { hasSome: [...PRESENCE] } }, select: { events: true } });
    const events = new Set(hooks.flatMap((h) => h.events));
    this.subscribed.set(accountId, { at: now, events });
    return events;
  }

  async wentOffline(screenId: string, accountId: string): Promise<void> {
    await this.tell(screenId, accountId, 'screen.offline');
  }

  async cameOnline(screenId: string, accountId: string): Promise<void> {
    await this.tell(screenId, accountId, 'screen.online');
  }

  private async tell(screenId: string, accountId: string, event: (typeof PRESENCE)[number]): Promise<void> {
    try {
      const events = await this.eventsOf(accountId);
      if (!PRESENCE.some((e) => events.has(e))) return;
      const at = this.ctx.clock();
      // The flip happens once: two players leaving (or coming) at once tell it once.
      const [screen] = await this.ctx.db.screen.updateManyAndReturn({
        where: { id: screenId, ownerId: accountId, offlineAnnouncedAt: event === 'screen.offline' ? null : { not: null } },
        data: { offlineAnnouncedAt: event === 'screen.offline' ? at : null },
        select: { id: true, name: true },
      });
      if (screen && events.has(event)) await announce(this.ctx, accountId, event, { screen: screenHookData(screen), at: at.toISOString() });
    } catch (err) {
      this.ctx.logger.error({ err, screenId, event }, 'telling webhooks of a screen\'s presence failed');
    }
  }
}
