import type { z } from 'zod';
import type { ZContentPreviewRequest } from '@pano/contract';
import type { Db } from '../../db/client.js';
import type { DisplaySettings } from '../../db/generated/client.js';
import { notFound } from '../../http/errors.js';
import { readPlaylistsAndTickers, type PlaylistRow, type TickerRow } from './screen-config.js';

/** What the layout editor's live preview plays (docs/PRODUCT.md#layouts-api), in the order asked. */
export type ContentPreviewRows = { playlists: PlaylistRow[]; tickers: TickerRow[]; settings: DisplaySettings | null };

/**
 * The playlists and tickers read as a screen's config reads them, and the owner's ticker-bar
 * look. Every id must be the owner's own: another customer's reads as missing (404), as when
 * a layout names it.
 */
export async function readContentPreview(
  db: Db, ownerId: string, body: z.output<typeof ZContentPreviewRequest>,
): Promise<ContentPreviewRows> {
  const playlistIds = [...new Set(body.playlists)];
  const tickerIds = [...new Set(body.tickers)];
  const [{ playlistById, tickerById }, settings] = await Promise.all([
    readPlaylistsAndTickers(db, playlistIds, tickerIds),
    db.displaySettings.findUnique({ where: { ownerId } }),
  ]);
  const own = <T extends { ownerId: string }>(row: T | undefined): row is T => row?.ownerId === ownerId;
  const playlists = playlistIds.map((id) => playlistById.get(id));
  const tickers = tickerIds.map((id) => tickerById.get(id));
  if (!playlists.every(own)) throw notFound('Playlist');
  if (!tickers.every(own)) throw notFound('Reji playlisti');
  return { playlists, tickers, settings };
}
