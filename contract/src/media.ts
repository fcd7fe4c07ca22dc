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
/**
 * docs/PRODUCT.md#media-processing: a file that must be converted is 'processing' until its job
 * ends; only 'ready' media go into playlists and screen configs. Apps are always 'ready'.
 */
export const ZMediaStatus = z.enum(['processing', 'ready', 'failed']);
export type TMediaStatus = z.infer<typeof ZMediaStatus>;

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
  /*
   * Beside the spec's shape (docs/PRODUCT.md#media-processing); the defaults read an older
   * server's answer as a ready file.
   */
  status: ZMediaStatus.default('ready'),
  /** 0-100 while processing; 100 once ready. */
  progress: z.number().int().min(0).max(100).default(100),
  /** Why processing failed, in Turkish; null otherwise. */
  error: z.string().nullable().default(null),
  /** A video's exact length; null for images and apps (and before it is known). */
  durationSeconds: z.number().nonnegative().nullable().default(null),
  /** `/uploads/<poster>`: a video's poster frame; null when none. */
  posterUrl: z.string().nullable().default(null),
  /** Hex SHA-256 of the stored file; null for apps. */
  sha256: z.string().nullable().default(null),
  /**
   * docs/PRODUCT.md#replacing-a-file: a new file converting before it takes this item's place
   * (the fields above still describe the file screens show), or the reason the last one failed;
   * null when there is none (a ready one has taken the item's place).
   */
  replacement: z.object({
    status: z.enum(['processing', 'failed']),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
  }).nullable().default(null),
});
export type TMedia = z.infer<typeof ZMedia>;

/** The text fields of the multipart upload (the file travels as field `file`). */
export const ZMediaUploadFields = z.object({
  name: requiredText('Lütfen bir dosya seçin ve medya adı girin'),
});
export const ZMediaList = z.array(ZMedia);

/** GET /api/media: the array, or an object wrapping it (docs/CONTRACT.md#lists). */
export const ZMediaListAnswer = listAnswer(ZMedia, 'medias');
