import type { ZPackageUpdate, ZPackageWrite } from '@pano/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Package, Prisma } from '../../db/generated/client.js';
import { notFound } from '../../http/errors.js';
import { audit, changesOf } from '../audit/audit.js';

type PackageWrite = z.output<typeof ZPackageWrite>;
type PackageUpdate = z.output<typeof ZPackageUpdate>;

const packageNotFound = () => notFound('Paket');

// Cheapest first, as the packages page shows them; name breaks ties so the order is stable.
const catalogueOrder: Prisma.PackageOrderByWithRelationInput[] = [{ price: 'asc' }, { name: 'asc' }, { id: 'asc' }];

const toColumns = (p: PackageWrite) => ({
  name: p.name,
  description: p.description,
  price: p.price,
  durationDays: p.duration,
  isPopular: p.isPopular,
  maxMediaUploadGb: p.features.maxMediaUpload,
  maxScreens: p.features.maxScreens,
  maxPlaylists: p.features.maxPlaylists,
  maxMembers: p.features.maxMembers,
  ...(p.isActive === undefined ? {} : { isActive: p.isActive }),
});

export const listActivePackages = (db: Db): Promise<Package[]> =>
  db.package.findMany({ where: { isActive: true }, orderBy: catalogueOrder });

export const listAllPackages = (db: Db): Promise<Package[]> => db.package.findMany({ orderBy: catalogueOrder });

/** Inactive packages are hidden from everyone but admins, as if they did not exist. */
export async function getPackage(db: Db, id: string, opts: { includeInactive: boolean }): Promise<Package> {
  const p = await db.package.findFirst({ where: { id, ...(opts.includeInactive ? {} : { isActive: true }) } });
  if (!p) throw packageNotFound();
  return p;
}

/** What an event records of a package: every column but its id and times. */
const packageFields = (p: Package) => Object.keys(p).filter((k) => !['id', 'createdAt', 'updatedAt'].includes(k)) as (keyof Package & string)[];
const packageTarget = (p: Package) => ({ type: 'package', id: p.id, name: p.name });

export const createPackage = (db: Db, input: PackageWrite): Promise<Package> => db.$transaction(async (tx) => {
  const row = await tx.package.create({ data: toColumns(input) });
  await audit(tx, { account: null, action: 'package.create', target: packageTarget(row), changes: changesOf(null, row, packageFields(row)) });
  return row;
});

/** A full update, or only the status; running purchases keep their snapshot either way. */
export async function updatePackage(db: Db, id: string, input: PackageUpdate): Promise<Package> {
  const data = 'name' in input ? toColumns(input) : { isActive: input.isActive };
  return db.$transaction(async (tx) => {
    const before = await tx.package.findUnique({ where: { id } });
    const [row] = await tx.package.updateManyAndReturn({ where: { id }, data });
    if (!before || !row) throw packageNotFound();
    await audit(tx, { account: null, action: 'package.update', target: packageTarget(row), changes: changesOf(before, row, packageFields(row)) });
    return row;
  });
}

/**
 * Customers who bought a package, and those whose purchase of it still runs. Deleting it
 * takes nothing from them (purchases keep a snapshot), which the admin should still know.
 */
export async function packageUsage(db: Db, id: string, now: Date) {
  if (!(await db.package.findUnique({ where: { id }, select: { id: true } }))) throw packageNotFound();
  const buyers = (where: Prisma.PurchaseWhereInput) =>
    db.purchase.findMany({ where: { packageId: id, ...where }, distinct: ['userId'], select: { userId: true } });
  const [bought, running] = await Promise.all([
    buyers({ status: { in: ['completed', 'expired'] } }),
    // A deleted account's purchase runs for nobody.
    buyers({ status: 'completed', expiresAt: { gt: now }, accountId: { not: null } }),
  ]);
  return { customers: bought.length, activeCustomers: running.length };
}

/** Purchases keep packageName and limits; the FK sets their packageId to null. */
export async function deletePackage(db: Db, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const [row] = await tx.package.findMany({ where: { id } });
    if (!row || (await tx.package.deleteMany({ where: { id } })).count === 0) throw packageNotFound();
    await audit(tx, { account: null, action: 'package.delete', target: packageTarget(row), changes: changesOf(row, null, packageFields(row)) });
  });
}
