import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchUsage } from '../../../lib/fetch-usage';
import { tickerKeys } from '../../../api/tickers.api';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. */
export const fetchTickerUsage = (id: string) => fetchUsage(`/api/direction-playlists/${id}/usage`, (c) => c.ZAssignedUsage);

/** DELETE /api/direction-playlists/{id}; the list reloads either way, and screens that showed it lose it. */
export function useDeleteTicker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/direction-playlists/${id}`),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: tickerKeys.all }),
      qc.invalidateQueries({ queryKey: screenKeys.all }),
    ]),
  });
}
