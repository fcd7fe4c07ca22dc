import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage, ZOkResponse } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { tickerKeys } from '../../../api/tickers.api';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. */
export const fetchTickerUsage = (id: string) => api.get(`/api/direction-playlists/${id}/usage`, ZAssignedUsage);

/** DELETE /api/direction-playlists/{id}; the list reloads either way, and screens that showed it lose it. */
export function useDeleteTicker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/direction-playlists/${id}`, ZOkResponse),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: tickerKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
