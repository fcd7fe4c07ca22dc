import { tr } from '../../i18n/tr';

/** The playlist rules of docs/PRODUCT.md#playlists; returns the message to show in the 'Tamam' modal, or null. */
export function validatePlaylistDraft(draft: { name: string; mediaIds: readonly string[] }): string | null {
  if (draft.mediaIds.length === 0) return tr.playlists.needMedia;
  if (!draft.name.trim()) return tr.playlists.needName;
  return null;
}
