import { z } from './zod.js';
import { ZId, ZIsoDate, requiredText } from './common.js';
import { listAnswer } from './lists.js';
import { ZMediaApp } from './apps.js';

/**
 * docs/PRODUCT.md#data: 'Video' is shown as video; anything else ('Resim', image) as an image.
 * Apps ('Uygulama', type 'app') carry settings instead of a file (docs/PRODUCT.md#apps).
 */
export const ZMediaType = z.enum(['Video', 'Resim', 'Uygulama']);
export const ZMediaKind = z.enum(['video', 'image', 'app']);

export const ZMedia = z.object({
  _id: ZId,
  name: z.string(),
  /** `/uploads/<random name>`: relative to the product's public host. */
  filePath: z.string(),
  mediaType: ZMediaType,
  type: ZMediaKind,
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
  createdAt: ZIsoDate,
  /** Apps only: the kind and its settings, or a PDF's pages (files have none; an app's `filePath` is ''). */
  app: ZMediaApp.optional(),
  /**
   * Create and update of a web app only: why the page may stay blank on a screen (the site
   * refuses to be shown in a frame). The app is saved either way.
   */
  warning: z.string().optional(),
});
export type TMedia = z.infer<typeof ZMedia>;

/** The text fields of the multipart upload (the file travels as field `file`). */
export const ZMediaUploadFields = z.object({
  name: requiredText('Lütfen bir dosya seçin ve medya adı girin'),
});
export const ZMediaList = z.array(ZMedia);

/** GET /api/media: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZMediaListAnswer = listAnswer(ZMedia, 'medias');
