import { PLAY_CLOCK_SKEW_MS, type TPlayRecord, type TRefusedPlay } from '@pano/contract';

/** When a device (or the pairing it replaced) served a screen; `to` null while it still does. */
export type ServedSpan = { screenId: string; from: Date; to: Date | null };

const DAY_MS = 24 * 3600 * 1000;

export const FUTURE_MESSAGE = 'Oynatma kaydı ileri bir zamanı gösteriyor: cihazın saati yanlış olabilir';
export const tooOldMessage = (days: number) => `Oynatma kaydı saklama süresinden (${days} gün) daha eski`;
export const NOT_SERVING_MESSAGE = 'Cihaz bu oynatmanın zamanında bu ekranı göstermiyordu';
export const OVERLAP_MESSAGE = 'Oynatma kaydı aynı ekranın başka bir oynatmasıyla çakışıyor';
const ZONE_OVERLAP_MESSAGE = 'Oynatma kaydı aynı bölgenin başka bir oynatmasıyla çakışıyor';

/**
 * Whether a record began before the retention: refused for that alone, whatever its screen
 * (the retention job deletes the spans such plays would need: docs/architecture/plays.md#plays).
 */
export const beforeRetention = (p: Pick<TPlayRecord, 'startedAt'>, now: Date, retentionDays: number): boolean =>
  Date.parse(p.startedAt) < now.getTime() - retentionDays * DAY_MS;

/**
 * Which records of a batch can never be true (docs/architecture/plays.md#plays): ended in the
 * future or older than the retention, played when no pairing of this device served that
 * screen, or overlapping an earlier record of the same screen and zone in the batch (a zone
 * shows one item at a time; the zones of a layout play side by side, and a screen without a
 * layout is one zone). Each refusal is per record: the rest of the batch is kept. The
 * device's clock may be off by PLAY_CLOCK_SKEW_MS, so times are judged with that margin.
 */
export function refusePlays(plays: readonly TPlayRecord[], spans: readonly ServedSpan[], now: Date, retentionDays: number): TRefusedPlay[] {
  const latest = now.getTime() + PLAY_CLOCK_SKEW_MS;
  const oldest = now.getTime() - retentionDays * DAY_MS;
  const refused: TRefusedPlay[] = [];
  const timed = plays.map((p) => ({ p, start: Date.parse(p.startedAt) }));
  const kept: { p: TPlayRecord; start: number }[] = [];
  for (const t of timed) {
    const message = t.start + t.p.durationMs > latest ? FUTURE_MESSAGE
      : t.start < oldest ? tooOldMessage(retentionDays)
        : !spans.some((s) => served(s, t.p.screenId, t.start)) ? NOT_SERVING_MESSAGE
          : null;
    if (message) refused.push({ id: t.p.id, message });
    else kept.push(t);
  }
  // The recorder ends a play when the next is rendered, so honest plays of one screen's zone
  // follow each other; a second of slack covers rounding and small clock steps.
  const endOf = new Map<string, number>();
  const seen = new Set<string>();
  for (const t of [...kept].sort((a, b) => a.start - b.start || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0))) {
    if (seen.has(t.p.id)) continue; // the same record twice: stored once, answered as a duplicate
    seen.add(t.p.id);
    const where = zoneKey(t.p);
    const end = endOf.get(where);
    if (end !== undefined && t.start < end - 1000 && t.p.durationMs > 0) {
      refused.push({ id: t.p.id, message: t.p.zone === undefined ? OVERLAP_MESSAGE : ZONE_OVERLAP_MESSAGE });
      continue;
    }
    endOf.set(where, Math.max(end ?? 0, t.start + t.p.durationMs));
  }
  return refused;
}

/** Screen and zone: ids hold no newline, so no two pairs meet. */
const zoneKey = (p: TPlayRecord) => `${p.screenId}\n${p.zone ?? ''}`;

function served(s: ServedSpan, screenId: string, start: number): boolean {
  return s.screenId === screenId && start >= s.from.getTime() - PLAY_CLOCK_SKEW_MS
    && (s.to === null || start <= s.to.getTime() + PLAY_CLOCK_SKEW_MS);
}
