import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type Database } from '../../db/client.js';
import { DEFAULT_PACKAGES, seedDefaultPackages } from './default-catalogue.js';

// A fresh embedded database: the shared PostgreSQL test database holds other tests' packages,
// and seeding only ever happens on an empty table.
let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pano-seed-'));
  database = await openMigratedDatabase({ dataDir });
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('seedDefaultPackages', () => {
  it('creates the four default packages on an empty table, a free trial among them', async () => {
    expect(await seedDefaultPackages(database.db)).toBe(4);
    const rows = await database.db.package.findMany({ orderBy: { price: 'asc' } });
    expect(rows.map((p) => p.name)).toEqual(['Ücretsiz Deneme', 'Başlangıç', 'Profesyonel', 'Kurumsal']);
    expect(rows.map((p) => Number(p.price))).toEqual([0, 499, 1299, 3999]);
    expect(rows.every((p) => p.isActive)).toBe(true);
    expect(rows.filter((p) => p.isPopular).map((p) => p.name)).toEqual(['Profesyonel']);
    expect(rows[0]).toMatchObject({ durationDays: 14, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 2 });
    expect(DEFAULT_PACKAGES).toHaveLength(4);
  });

  it('does nothing once any package exists, so admin edits and deletions stay', async () => {
    const trial = await database.db.package.findFirstOrThrow({ where: { price: 0 } });
    await database.db.package.deleteMany({ where: { id: { not: trial.id } } });
    await database.db.package.update({ where: { id: trial.id }, data: { name: 'Deneme (düzenlendi)' } });
    expect(await seedDefaultPackages(database.db)).toBe(0);
    const rows = await database.db.package.findMany();
    expect(rows.map((p) => p.name)).toEqual(['Deneme (düzenlendi)']);
  });
});
