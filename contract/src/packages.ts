import { z } from 'zod';
import { ZId, ZIsoDate, requiredText } from './common.js';

const positiveInt = (label: string) =>
  z.coerce.number({ error: `${label} zorunludur` }).int(`${label} tam sayı olmalıdır`).min(1, `${label} en az 1 olmalıdır`).max(100_000, `${label} çok büyük`);

export const ZPackageFeatures = z.object({
  maxMediaUpload: positiveInt('Medya depolama (GB)'),
  maxScreens: positiveInt('Maksimum ekran sayısı'),
  maxPlaylists: positiveInt('Maksimum playlist sayısı'),
});

export const ZPackageWrite = z.object({
  name: requiredText('Paket adı zorunludur', 100),
  description: requiredText('Açıklama zorunludur', 1000),
  price: z.coerce.number({ error: 'Fiyat zorunludur' }).min(0, 'Fiyat 0 veya daha büyük olmalıdır').max(1_000_000, 'Fiyat çok büyük')
    .refine((p) => Math.round(p * 100) === Math.round(p * 100 * 1e6) / 1e6, 'Fiyat en fazla 2 ondalık basamak içerebilir'),
  features: ZPackageFeatures,
  isPopular: z.boolean().optional().default(false),
  isActive: z.boolean().optional(),
  duration: positiveInt('Süre (gün)').max(3650, 'Süre en fazla 3650 gün olabilir').optional().default(30),
});
export type TPackageWrite = z.input<typeof ZPackageWrite>;

/** PUT /api/packages/admin/{id}: the whole package, or only { isActive } to toggle. */
export const ZPackageUpdate = z.union([
  z.object({ isActive: z.boolean({ error: 'Geçersiz durum' }) }).strict(),
  ZPackageWrite,
], { error: 'Geçersiz paket bilgisi' });

export const ZPackage = z.object({
  _id: ZId,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  duration: z.number().int(),
  isPopular: z.boolean(),
  isActive: z.boolean(),
  features: z.object({ maxMediaUpload: z.number().int(), maxScreens: z.number().int(), maxPlaylists: z.number().int() }),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TPackage = z.infer<typeof ZPackage>;
