import { z } from './zod.js';
import { ZId, ZIsoDate, requiredText } from './common.js';

export const ZCreateScreenRequest = z.object({
  name: requiredText('Ekran adı zorunludur', 100),
  /** The spec's client sends 'active'; it is the only status a screen gets. */
  status: z.literal('active', { error: 'Geçersiz ekran durumu' }).optional(),
});
export type TCreateScreenRequest = z.input<typeof ZCreateScreenRequest>;

const ZRef = z.union([ZId, z.object({ _id: ZId }).transform((p) => p._id)], { error: 'Geçersiz playlist' }).nullable();

/** PUT /api/screens/{id}: assign (or clear with null) the playlist and/or ticker playlist. */
export const ZAssignScreenRequest = z.object({
  name: requiredText('Ekran adı zorunludur', 100).optional(),
  currentPlaylist: ZRef.optional(),
  currentDirectionPlaylist: ZRef.optional(),
}).refine((b) => b.name !== undefined || b.currentPlaylist !== undefined || b.currentDirectionPlaylist !== undefined, {
  message: 'Lütfen bir playlist ve en az bir ekran seçin',
});
export type TAssignScreenRequest = z.input<typeof ZAssignScreenRequest>;

const ZNamedRef = z.object({ _id: ZId, name: z.string() }).nullable();

export const ZScreen = z.object({
  _id: ZId,
  name: z.string(),
  status: z.string(),
  currentPlaylist: ZNamedRef,
  currentDirectionPlaylist: ZNamedRef,
  lastSeenAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TScreen = z.infer<typeof ZScreen>;
