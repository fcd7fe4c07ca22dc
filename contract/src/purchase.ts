import { z } from './zod.js';
import { ZId, ZIsoDate } from './common.js';

export const ZPurchaseStatus = z.enum(['completed', 'pending', 'failed', 'expired']);
export type TPurchaseStatus = z.infer<typeof ZPurchaseStatus>;

export const ZUsage = z.object({ used: z.number(), limit: z.number(), percentage: z.number() });

export const ZLimits = z.object({ maxMediaUpload: z.number().int(), maxScreens: z.number().int(), maxPlaylists: z.number().int() });

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
  usage: z.object({ mediaUsage: ZUsage, screenUsage: ZUsage, playlistUsage: ZUsage }),
  limits: ZLimits,
});
export type TMyPackage = z.infer<typeof ZMyPackage>;

export const ZSalesPurchase = z.object({
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
