import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTickerRequest } from '@pano/contract';
import { ZTickerPlaylist } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { tickerKeys } from '../../../api/tickers.api';

export function useCreateTicker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateTickerRequest) => api.post('/api/direction-playlists', ZTickerPlaylist, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: tickerKeys.all }),
  });
}
