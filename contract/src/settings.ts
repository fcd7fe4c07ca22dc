import { z } from './zod.js';
import { ZIsoDate } from './common.js';

/** CSS colours only: names, #hex, rgb()/rgba()/hsl()/hsla(); nothing that could inject CSS. */
const ZColor = z.string({ error: 'Geçersiz renk değeri' }).trim().max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/, 'Geçersiz renk değeri');

export const ZDisplaySettings = z.object({
  showDirectionBar: z.boolean(),
  backgroundColor: z.string(),
  barHeight: z.number().int(),
  textColor: z.string(),
  fontSize: z.number().int(),
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;

export const ZUpdateDisplaySettingsRequest = z.object({
  showDirectionBar: z.boolean({ error: 'Geçersiz değer' }).optional(),
  backgroundColor: ZColor.optional(),
  barHeight: z.coerce.number({ error: 'Bar yüksekliği bir sayı olmalıdır' }).int('Bar yüksekliği tam sayı olmalıdır').min(20, 'Bar yüksekliği en az 20 px olmalıdır').max(300, 'Bar yüksekliği en fazla 300 px olabilir').optional(),
  textColor: ZColor.optional(),
  fontSize: z.coerce.number({ error: 'Yazı boyutu bir sayı olmalıdır' }).int('Yazı boyutu tam sayı olmalıdır').min(8, 'Yazı boyutu en az 8 px olmalıdır').max(200, 'Yazı boyutu en fazla 200 px olabilir').optional(),
});
export type TUpdateDisplaySettingsRequest = z.input<typeof ZUpdateDisplaySettingsRequest>;

export const ZApkInfo = z.object({
  version: z.string().nullable(),
  updatedAt: ZIsoDate,
  apkUrl: z.string(),
  size: z.number().int().optional(),
});
export type TApkInfo = z.infer<typeof ZApkInfo>;

export const ZApkUploadFields = z.object({
  version: z.string({ error: 'Geçersiz sürüm' }).trim().max(50, 'Sürüm en fazla 50 karakter olabilir').optional()
    .transform((v) => (v ? v : undefined)),
});
