import type { Db } from '../db/client.js';
import { KeyBatcher } from '../db/key-batcher.js';
import { Prisma } from '../db/generated/client.js';

type Seen = { at: Date; ownerId: string | null };

const WRITE_GAP_MS = 100;

/**
 * docs/PERFORMANCE.md (P4): `lastSeenAt` writes of screens and devices, coalesced. A fleet
 * reconnecting after a restart connects thousands of players within seconds, and two UPDATEs
 * each would queue behind one another for the pool's few connections (and ahead of every config
 * fetch). Writes asked for while one is running go out together as one UPDATE per table, each
 * row keeping its own time; an idle writer writes at the next turn of the event loop, so a
 * single connect is written (and its `screen:status` sent) as soon as before. One write per
 * table at a time keeps them in order.
 */
export class LastSeenWriter {
  private readonly screens: KeyBatcher<string, never, Seen>;
  private readonly devices: KeyBatcher<string, never, Seen>;

  constructor(db: Db) {
    // Nothing waits on these writes but the `screen:status` to dashboards: a wider gap is free.
    this.screens = new KeyBatcher((batch) => write(db, 'screens', batch), { maxInFlight: 1, minGapMs: WRITE_GAP_MS });
    this.devices = new KeyBatcher((batch) => write(db, 'devices', batch), { maxInFlight: 1, minGapMs: WRITE_GAP_MS });
  }

  /** Resolves once written. A screen is only written for its owner; a deleted row is no error. */
  async seen(at: Date, screen: { id: string; ownerId: string }, deviceId: string | null): Promise<void> {
    await Promise.all([
      this.screens.load(screen.id, { at, ownerId: screen.ownerId }),
      deviceId ? this.devices.load(deviceId, { at, ownerId: null }) : null,
    ]);
  }
}

async function write(db: Db, table: 'screens' | 'devices', batch: Map<string, Seen>): Promise<Map<string, never>> {
  // Columns are Prisma's: timestamp(3) without time zone holding UTC, ids as text.
  const rows = [...batch].map(([id, s]) => Prisma.sql`(${id}, ${s.at.toISOString()}, ${s.ownerId})`);
  const values = Prisma.join(rows);
  if (table === 'screens') {
    await db.$executeRaw`UPDATE "screens" AS t SET "lastSeenAt" = v.at::timestamp(3)
      FROM (VALUES ${values}) AS v(id, at, owner) WHERE t."id" = v.id AND t."ownerId" = v.owner`;
  } else {
    await db.$executeRaw`UPDATE "devices" AS t SET "lastSeenAt" = v.at::timestamp(3)
      FROM (VALUES ${values}) AS v(id, at, owner) WHERE t."id" = v.id`;
  }
  return new Map<string, never>();
}
