import { z } from './zod.js';
import { ZContentRef, ZId, ZIsoDate, ZNamedRef, colour, numberField, requiredText } from './common.js';
import { listAnswer } from './lists.js';
import { lowerTr } from './text-case.js';

/*
 * Layouts ('Yerleşimler'): a screen split into zones, each playing one playlist or one ticker
 * (docs/PRODUCT.md#layouts). Positions and sizes are percent of the screen, two decimals.
 */

export const LAYOUT_ZONES_MAX = 9;
/** The refusal of a tenth zone: the contract's check and the editor's disabled 'Bölge Ekle' say the same. */
export const LAYOUT_ZONES_MAX_MESSAGE = `Bir yerleşimde en fazla ${LAYOUT_ZONES_MAX} bölge olabilir`;
export const ZLayoutOrientation = z.enum(['landscape', 'portrait'], { error: 'Yön yatay ya da dikey olmalıdır' });
const ZZoneFit = z.enum(['cover', 'contain'], { error: 'Sığdırma kapla ya da sığdır olmalıdır' });

/** Hundredths of a percent: what the editor's 1 % grid and fields can say, no float noise. */
const hundredths = (n: number) => Math.round(n * 100);
const percent = (field: string, min: number) => {
  const message = `${field} ${min} ile 100 arasında olmalıdır (yüzde)`;
  return numberField(message).pipe(z.number(message).min(min, message).max(100, message)
    .refine((n) => Math.abs(hundredths(n) - n * 100) < 1e-6, `${field} en fazla iki ondalık basamak olabilir`));
};

export const ZZoneWrite = z.object({
  name: requiredText('Lütfen bölge adını giriniz', 100),
  x: percent('Soldan uzaklık', 0),
  y: percent('Üstten uzaklık', 0),
  width: percent('Genişlik', 1),
  height: percent('Yükseklik', 1),
  /** Higher is drawn above; zones may overlap. */
  z: numberField('Katman 0 ile 99 arasında bir tam sayı olmalıdır')
    .pipe(z.number().int('Katman 0 ile 99 arasında bir tam sayı olmalıdır').min(0, 'Katman 0 ile 99 arasında bir tam sayı olmalıdır').max(99, 'Katman 0 ile 99 arasında bir tam sayı olmalıdır'))
    .default(0),
  playlist: ZContentRef.optional().default(null),
  directionPlaylist: ZContentRef.optional().default(null),
  fit: ZZoneFit.default('cover'),
})
  // Said under the size that reaches past the edge: the width for the right one, the height for the bottom.
  .refine((zone) => hundredths(zone.x) + hundredths(zone.width) <= 10_000, { message: 'Bölge ekranın içinde kalmalıdır', path: ['width'] })
  .refine((zone) => hundredths(zone.y) + hundredths(zone.height) <= 10_000, { message: 'Bölge ekranın içinde kalmalıdır', path: ['height'] })
  .refine((zone) => !(zone.playlist && zone.directionPlaylist), {
    message: 'Bir bölge ya bir playlist ya da bir kayan yazı gösterir',
    path: ['directionPlaylist'],
  });

const ZLayoutFields = {
  name: requiredText('Lütfen yerleşim adını giriniz', 100),
  orientation: ZLayoutOrientation.default('landscape'),
  background: colour('Arka plan rengi').default('#000000'),
  zones: z.array(ZZoneWrite, { error: 'Lütfen en az bir bölge ekleyiniz' })
    .min(1, 'Lütfen en az bir bölge ekleyiniz')
    .max(LAYOUT_ZONES_MAX, LAYOUT_ZONES_MAX_MESSAGE)
    // Plays name their zone (docs/architecture/plays.md): two zones of one name would share one
    // zone's overlap rule and daily cap, and the reports could not tell them apart.
    .superRefine((zones, ctx) => {
      const seen = new Set<string>();
      zones.forEach((zone, i) => {
        const key = lowerTr(zone.name);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'Bölge adları bir yerleşimde tekrar edemez', path: [i, 'name'] });
        seen.add(key);
      });
    }),
};

/** POST /api/layouts. */
export const ZCreateLayoutRequest = z.object(ZLayoutFields);
export type TCreateLayoutRequest = z.input<typeof ZCreateLayoutRequest>;

/** PUT /api/layouts/{id}: the whole layout again (zones are replaced as a list, like playlist items). */
export const ZUpdateLayoutRequest = z.object({
  name: ZLayoutFields.name.optional(),
  orientation: ZLayoutOrientation.optional(),
  background: colour('Arka plan rengi').optional(),
  zones: ZLayoutFields.zones.optional(),
}).refine((b) => Object.values(b).some((v) => v !== undefined), 'Değiştirilecek bir alan giriniz');


/** A zone's place, order and fit: the same in the API, the templates and the screen config. */
export const ZZoneRect = z.object({
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  z: z.number().int(),
  fit: ZZoneFit,
});

export const ZZone = ZZoneRect.extend({ playlist: ZNamedRef, directionPlaylist: ZNamedRef });
export type TZone = z.infer<typeof ZZone>;

/** A layout's own fields: the same in the API and the screen config. */
export const ZLayoutHead = z.object({
  _id: ZId,
  name: z.string(),
  orientation: ZLayoutOrientation,
  background: z.string(),
});

export const ZLayout = ZLayoutHead.extend({
  zones: z.array(ZZone),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TLayout = z.infer<typeof ZLayout>;

/** GET /api/layouts: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZLayoutListAnswer = listAnswer(ZLayout, 'layouts');

/** A starting point for 'Yeni Yerleşim': zones without content. */
export const ZLayoutTemplate = z.object({
  key: z.string(),
  name: z.string(),
  orientation: ZLayoutOrientation,
  zones: z.array(ZZoneRect),
});
export type TLayoutTemplate = z.infer<typeof ZLayoutTemplate>;
export const ZLayoutTemplateList = z.array(ZLayoutTemplate);

type TemplateZone = TLayoutTemplate['zones'][number];
const zone = (name: string, x: number, y: number, width: number, height: number, z = 0): TemplateZone =>
  ({ name, x, y, width, height, z, fit: 'cover' });

/** GET /api/layouts/templates: the common first pictures of signage. */
export const LAYOUT_TEMPLATES: readonly TLayoutTemplate[] = [
  { key: 'full', name: 'Tam Ekran', orientation: 'landscape', zones: [zone('Ana Bölge', 0, 0, 100, 100)] },
  { key: 'main-side', name: 'Ana + Yan (75/25)', orientation: 'landscape', zones: [zone('Ana Bölge', 0, 0, 75, 100), zone('Yan Bölge', 75, 0, 25, 100)] },
  {
    key: 'l-shape', name: 'L Biçimi (Ana, Yan, Alt Bant)', orientation: 'landscape',
    zones: [zone('Ana Bölge', 0, 0, 75, 85), zone('Yan Bölge', 75, 0, 25, 85), zone('Alt Bant', 0, 85, 100, 15)],
  },
  { key: 'top-bottom', name: 'Üst + Alt', orientation: 'landscape', zones: [zone('Üst Bölge', 0, 0, 100, 50), zone('Alt Bölge', 0, 50, 100, 50)] },
  { key: 'halves', name: 'İki Yarım', orientation: 'landscape', zones: [zone('Sol Bölge', 0, 0, 50, 100), zone('Sağ Bölge', 50, 0, 50, 100)] },
  {
    key: 'grid-2x2', name: '2 × 2', orientation: 'landscape',
    zones: [zone('Sol Üst', 0, 0, 50, 50), zone('Sağ Üst', 50, 0, 50, 50), zone('Sol Alt', 0, 50, 50, 50), zone('Sağ Alt', 50, 50, 50, 50)],
  },
  { key: 'portrait-top-bottom', name: 'Dikey Üst + Alt', orientation: 'portrait', zones: [zone('Üst Bölge', 0, 0, 100, 60), zone('Alt Bölge', 0, 60, 100, 40)] },
];
