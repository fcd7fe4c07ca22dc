import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { THealthSettings, TScreenHealthResponse } from '@pano/contract';
import { ZHealthSettings } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenHealthKey } from '../../../api/screen-health.api';

/**
 * PUT /api/settings/health { warnMinutes }. The saved time goes straight into the cached health
 * list, so the 'sorunlu' warnings (sidebar, /screens) follow it at once without another GET.
 */
export function useSaveHealthSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { warnMinutes: number }): Promise<THealthSettings> => api.put('/api/settings/health', ZHealthSettings, body),
    onSuccess: (saved) => {
      qc.setQueryData<TScreenHealthResponse>(screenHealthKey, (old) => (old ? { ...old, warnMinutes: saved.warnMinutes } : old));
      // The server's `problem` flags were judged with the old time: ask again.
      void qc.invalidateQueries({ queryKey: screenHealthKey, exact: true });
    },
  });
}
