import { z } from './zod.js';
import { ZId, ZIsoDate, numberField, requiredText } from './common.js';
import { listAnswer } from './lists.js';

/** A missing value gets the field's "zorunludur" message; anything else not a number, "bir sayı olmalıdır". */
const numeric = (label: string) =>
  numberField((input) => (input == null || (typeof input === 'string' && input.trim() === '') ? `${label} zorunludur` : `${label} bir sayı olmalıdır`));

const positiveInt = (label: string, max = 100_000) =>
  numeric(label).pipe(
    z.number().int(`${label} tam sayı olmalıdır`).min(1, `${label} en az 1 olmalıdır`).max(max, `${label} en fazla ${max} olabilir`),
  );

const ZPackageFeatures = z.object(
  {
    maxMediaUpload: positiveInt('Medya depolama (GB)'),
    maxScreens: positiveInt('Maksimum ekran sayısı'),
    maxPlaylists: positiveInt('Maksimum playlist sayısı'),
    /** People in the account, the owner and open invitations included (docs/PRODUCT.md#team). */
    maxMembers: positiveInt('Üye sınırı', 10_000).optional().default(5),
  },
  { error: 'Paket özellikleri zorunludur' },
);

const hasAtMostTwoDecimals = (p: number) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6;

export const ZPackageWrite = z.object({
  name: requiredText('Paket adı zorunludur', 100),
  description: requiredText('Açıklama zorunludur', 1000),
  price: numeric('Fiyat').pipe(
    z.number().min(0, 'Fiyat 0 veya daha büyük olmalıdır').max(1_000_000, 'Fiyat en fazla 1000000 olabilir')
      .refine(hasAtMostTwoDecimals, 'Fiyat en fazla 2 ondalık basamak içerebilir'),
  ),
  features: ZPackageFeatures,
  isPopular: z.boolean({ error: 'Popüler alanı true veya false olmalıdır' }).optional().default(false),
  isActive: z.boolean({ error: 'Geçersiz durum' }).optional(),
  duration: positiveInt('Süre (gün)', 3650).optional().default(30),
}, { error: 'Geçersiz paket bilgisi' });
export type TPackageWrite = z.input<typeof ZPackageWrite>;

/** PUT body that only flips the status (the Aktif / Pasif button). */
const ZPackageToggle = z.object({ isActive: z.boolean({ error: 'Geçersiz durum' }) }, { error: 'Geçersiz paket bilgisi' }).strict();

/**
 * PUT /api/packages/admin/{id}: the whole package, or only { isActive } to toggle.
 * A body whose only key is isActive is a toggle; anything else is validated as a full
 * package, so the client gets that field's message rather than a generic union error.
 */
export const ZPackageUpdate = z.unknown().transform((v, ctx) => {
  const isToggle = typeof v === 'object' && v !== null && Object.keys(v).length === 1 && 'isActive' in v;
  const r = (isToggle ? ZPackageToggle : ZPackageWrite).safeParse(v);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
  return z.NEVER;
});

export const ZPackage = z.object({
  _id: ZId,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  duration: z.number().int(),
  isPopular: z.boolean(),
  isActive: z.boolean(),
  features: z.object({ maxMediaUpload: z.number().int(), maxScreens: z.number().int(), maxPlaylists: z.number().int(), maxMembers: z.number().int() }),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TPackage = z.infer<typeof ZPackage>;

/** GET /api/packages and /api/packages/admin: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZPackageListAnswer = listAnswer(ZPackage, 'packages');
