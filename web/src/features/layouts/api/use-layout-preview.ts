import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZContentPreview } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { layoutKeys } from '../../../api/layouts.api';
import type { LayoutDraft } from '../layout-draft';

const idsOf = (refs: ({ _id: string } | null)[]) => [...new Set(refs.flatMap((r) => (r ? [r._id] : [])))].sort();

/**
 * POST /api/layouts/preview: the playlists and tickers the draft's zones name, as a screen plays
 * them (docs/PRODUCT.md#layouts-api). Asked again only when that set changes, not when a zone
 * moves; what was shown stays while the next set loads.
 */
export function useLayoutPreview(draft: LayoutDraft) {
  const playlists = idsOf(draft.zones.map((z) => z.playlist));
  const tickers = idsOf(draft.zones.map((z) => z.directionPlaylist));
  return useQuery({
    queryKey: [...layoutKeys.all, 'preview', playlists, tickers],
    queryFn: () => api.post('/api/layouts/preview', ZContentPreview, { playlists, tickers }),
    placeholderData: keepPreviousData,
  });
}
