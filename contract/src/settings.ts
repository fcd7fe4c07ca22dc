import { z } from './zod.js';
import { ZIsoDate, numberField, storableText } from './common.js';

/** CSS colours only: names, #hex, rgb()/rgba()/hsl()/hsla(); nothing that could inject CSS. */
const ZColor = storableText('Geçersiz renk değeri').trim().max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/, 'Geçersiz renk değeri');

export const ZDisplaySettings = z.object({
  showDirectionBar: z.boolean(),
  backgroundColor: z.string(),
  barHeight: z.number().int(),
  textColor: z.string(),
  fontSize: z.number().int(),
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;

/** A whole number of pixels; every message names the field as the settings form labels it. */
const pixels = (field: string, min: number, max: number) =>
  numberField(`${field} bir sayı olmalıdır`).pipe(z.number().int(`${field} tam sayı olmalıdır`)
    .min(min, `${field} en az ${min} px olmalıdır`).max(max, `${field} en fazla ${max} px olabilir`));

export const ZUpdateDisplaySettingsRequest = z.object({
  showDirectionBar: z.boolean({ error: 'Geçersiz değer' }).optional(),
  backgroundColor: ZColor.optional(),
  // The ticker strip is the "kayan yazı bandı" everywhere in the interface, so "Bant", not "Bar".
  barHeight: pixels('Bant yüksekliği', 20, 300).optional(),
  textColor: ZColor.optional(),
  fontSize: pixels('Yazı boyutu', 8, 200).optional(),
  // Every field is optional, so an unknown one must be refused: otherwise a misspelt or
  // malformed body ('colour', a stray nested object) would pass as "no change" with a 200.
}, { error: 'Geçersiz görüntü ayarları' }).strict();
export type TUpdateDisplaySettingsRequest = z.input<typeof ZUpdateDisplaySettingsRequest>;

export const ZApkInfo = z.object({
  version: z.string().nullable(),
  updatedAt: ZIsoDate,
  apkUrl: z.string(),
  size: z.number().int().optional(),
});
export type TApkInfo = z.infer<typeof ZApkInfo>;

export const ZApkUploadFields = z.object({
  version: storableText('Geçersiz sürüm').trim().max(50, 'Sürüm en fazla 50 karakter olabilir').optional()
    .transform((v) => (v ? v : undefined)),
});
