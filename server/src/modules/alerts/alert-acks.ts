import type { Db } from '../../db/client.js';
import { KeyBatcher } from '../../db/key-batcher.js';
import { Prisma } from '../../db/generated/client.js';

export type AlertAckInput = {
  alertId: string;
  /** From the socket's handshake, never from the payload: a player confirms only its own screen. */
  screenId: string;
  /** The player's device; the ack counts only while that device is set to show `screenId`. */
  deviceId: string;
  ownerId: string;
  latencyMs: number;
  at: Date;
};

/** An acknowledgement this write recorded (the first of its screen), with the alert's owner. */
export type WrittenAck = { alertId: string; screenId: string; ownerId: string };

/** How many screens confirmed each of these alerts (an alert no screen confirmed is absent). */
export async function ackCounts(db: Db, alertIds: string[]): Promise<Map<string, number>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db.alertAck.groupBy({ by: ['alertId'], where: { alertId: { in: alertIds } }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.alertId, r._count._all]));
}

/** Acknowledgements wait at most this long for others to be written with them. */
const WRITE_GAP_MS = 20;

/**
 * Records players' confirmations that they painted an alert (docs/architecture/alerts.md#alerts),
 * batched (docs/PERFORMANCE.md, P10): one alert to 10,000 screens brings 10,000 acks within a
 * second or two, and a lookup plus an insert each would queue ~20,000 queries for the pool's
 * few connections (ahead of every config fetch). Acks arriving while a write runs go out
 * together as one INSERT … SELECT; an idle writer writes at the next turn of the event loop.
 *
 * Only an ack for an alert of the screen's owner that targets this screen, from a device still set
 * to show that screen, is kept; the first
 * confirmation of a screen counts, later ones (a second player, a reconnect) change nothing.
 * `onWritten` is called once per recorded acknowledgement, never for a repeat.
 */
export class AlertAckWriter {
  /** The first ack per alert and screen not yet written (later ones in the same wait are repeats). */
  private readonly waiting = new Map<string, AlertAckInput>();
  private readonly batcher: KeyBatcher<string, never>;

  constructor(db: Db, onWritten: (written: WrittenAck[]) => void | Promise<void>) {
    this.batcher = new KeyBatcher(async (batch) => {
      const acks: AlertAckInput[] = [];
      for (const key of batch.keys()) {
        const ack = this.waiting.get(key);
        this.waiting.delete(key);
        if (ack) acks.push(ack);
      }
      const written = await writeAlertAcks(db, acks);
      if (written.length > 0) await onWritten(written);
      return new Map<string, never>();
    }, { maxInFlight: 1, minGapMs: WRITE_GAP_MS });
  }

  /** Resolves once the batch holding it is written (whether it counted or not). */
  async acknowledge(ack: AlertAckInput): Promise<void> {
    const key = `${ack.alertId} ${ack.screenId}`;
    if (!this.waiting.has(key)) this.waiting.set(key, ack);
    await this.batcher.load(key);
  }
}

/**
 * One statement for many acks: each is kept only when its alert is the owner's and targets its
 * screen, and its device is unrevoked and set to that screen now (a socket that outlived a move
 * or a removal by a moment cannot confirm for a screen it left, issue #21); repeats are skipped
 * by the primary key. The player measures on its own clock; it cannot have painted later than
 * the ack arrived, so a device clock running ahead is cut to what the server saw.
 */
export async function writeAlertAcks(db: Db, acks: AlertAckInput[]): Promise<WrittenAck[]> {
  if (acks.length === 0) return [];
  // Columns are Prisma's: timestamp(3) without time zone holding UTC, ids as text.
  const values = Prisma.join(acks.map((a) =>
    Prisma.sql`(${a.alertId}::text, ${a.screenId}::text, ${a.deviceId}::text, ${a.ownerId}::text, ${a.at.toISOString()}::timestamp(3), ${a.latencyMs}::int)`));
  return db.$queryRaw<WrittenAck[]>`
    WITH v(alert, screen, device, owner, at, latency) AS (VALUES ${values}),
    written AS (
      INSERT INTO "alert_acks" ("alertId", "screenId", "deviceId", "acknowledgedAt", "latencyMs")
      SELECT v.alert, v.screen, d."id", v.at,
        LEAST(v.latency, GREATEST(0, FLOOR(EXTRACT(EPOCH FROM (v.at - a."startedAt")) * 1000))::int)
      FROM v
      JOIN "alert_targets" t ON t."alertId" = v.alert AND t."screenId" = v.screen
      JOIN "alerts" a ON a."id" = v.alert AND a."ownerId" = v.owner
      JOIN "devices" d ON d."id" = v.device AND d."screenId" = v.screen AND d."revokedAt" IS NULL
      WHERE true
      ON CONFLICT DO NOTHING
      RETURNING "alertId", "screenId"
    )
    SELECT w."alertId", w."screenId", v.owner AS "ownerId"
    FROM written w JOIN v ON v.alert = w."alertId" AND v.screen = w."screenId"`;
}
