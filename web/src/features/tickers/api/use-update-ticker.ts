import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TUpdateTickerRequest } from '@pano/contract';
import { ZTickerPlaylist } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { tickerKeys } from '../../../api/tickers.api';
import { savedOrPending } from '../../../api/approvals.api';

export function useUpdateTicker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateTickerRequest }) =>
      api.put(`/api/direction-playlists/${id}`, savedOrPending(ZTickerPlaylist), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: tickerKeys.all }),
  });
}
