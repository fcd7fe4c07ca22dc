import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCapSettings, type TCapSettings } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { capKeys } from './use-cap-feeds';

/** PUT /api/cap-settings: the answer is what is saved, so it goes straight into the cache. */
export function useSaveCapSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCapSettings) => api.put('/api/cap-settings', ZCapSettings, body),
    onSuccess: (saved) => qc.setQueryData(capKeys.settings, saved),
  });
}
