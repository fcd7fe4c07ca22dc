import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAssignedUsage } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { tickerKeys } from '../../../api/tickers.api';
import { screenKeys } from '../../../api/screens.api';

/** What the delete would affect, for its confirmation. Parsed: a bad answer falls back to the plain question. */
export const fetchTickerUsage = async (id: string) =>
  ZAssignedUsage.parse(await api.get<unknown>(`/api/direction-playlists/${id}/usage`));

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
