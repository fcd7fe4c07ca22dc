import { z } from './zod.js';
import { ZId, ZIsoDate } from './common.js';

const ZPurchaseStatus = z.enum(['completed', 'pending', 'failed', 'expired']);
export type TPurchaseStatus = z.infer<typeof ZPurchaseStatus>;

const ZUsage = z.object({ used: z.number(), limit: z.number(), percentage: z.number() });
/** Media storage: `used` in GB (two decimals, as the spec has it) and exactly, in bytes, for small amounts. */
const ZStorageUsage = ZUsage.extend({ usedBytes: z.number().int().nonnegative() });

const ZLimits = z.object({ maxMediaUpload: z.number().int(), maxScreens: z.number().int(), maxPlaylists: z.number().int() });

export const ZMyPackage = z.object({
  package: z.object({
    _id: ZId.nullable(),
    name: z.string(),
    duration: z.number().int(),
    features: ZLimits,
  }),
  status: ZPurchaseStatus,
  amountPaid: z.number(),
  purchaseDate: ZIsoDate,
  expiresAt: ZIsoDate,
  mobileCode: z.string().nullable(),
  isMobileVerified: z.boolean(),
  usage: z.object({ mediaUsage: ZStorageUsage, screenUsage: ZUsage, playlistUsage: ZUsage }),
  limits: ZLimits,
});
export type TMyPackage = z.infer<typeof ZMyPackage>;

const ZSalesPurchase = z.object({
  _id: ZId,
  user: z.object({ email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  package: z.object({ name: z.string() }).nullable(),
  paymentDetails: z.object({ amount: z.number(), cardNumber: z.string().nullable(), cardHolder: z.string().nullable() }),
  mobileVerificationCode: z.string().nullable(),
  isMobileVerified: z.boolean(),
  status: ZPurchaseStatus,
  createdAt: ZIsoDate,
  expiresAt: ZIsoDate.nullable(),
});
export type TSalesPurchase = z.infer<typeof ZSalesPurchase>;

export const ZSalesReport = z.object({
  statistics: z.object({
    totalSales: z.number(),
    totalPurchases: z.number().int(),
    completedSales: z.number().int(),
    successRate: z.number(),
  }),
  purchases: z.array(ZSalesPurchase),
});
export type TSalesReport = z.infer<typeof ZSalesReport>;

export const ZUserIdParams = z.object({ userId: ZId });

/** GET /api/purchase/admin/sales: optionally narrowed to one customer's purchases. */
export const ZSalesQuery = z.object({ userId: ZId.optional() });
export type TSalesQuery = z.infer<typeof ZSalesQuery>;

/** The package running now, as /packages marks it ('Mevcut paketiniz') and the purchase page names it. */
const ZCurrentPackage = z.object({
  packageId: ZId.nullable(),
  packageName: z.string(),
  expiresAt: ZIsoDate,
  /** A started day counts as a day. */
  remainingDays: z.number().int(),
  isFree: z.boolean(),
});
export type TCurrentPackage = z.infer<typeof ZCurrentPackage>;

/** GET /api/purchase/current: null when nothing runs (a 200, never a 402: /packages itself asks). */
export const ZCurrentPackageResponse = z.object({ current: ZCurrentPackage.nullable() });
export type TCurrentPackageResponse = z.infer<typeof ZCurrentPackageResponse>;

/**
 * GET /api/purchase/plan/{packageId}: what paying for the package now does to the running one,
 * computed by the rule the completion applies. new: runs from now; renewal: the same package,
 * its days added after the current expiry; change: starts now, the current package's unused
 * days converted into `extraDays` by daily price. `refusal` says why it cannot be bought now.
 */
export const ZPurchasePlan = z.object({
  kind: z.enum(['new', 'renewal', 'change']),
  current: ZCurrentPackage.nullable(),
  packageName: z.string(),
  durationDays: z.number().int(),
  extraDays: z.number().int(),
  expiresAt: ZIsoDate,
  refusal: z.string().nullable(),
});
export type TPurchasePlan = z.infer<typeof ZPurchasePlan>;

export const ZPackageIdParams = z.object({ packageId: ZId });
