import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TUpdateDisplaySettingsRequest } from '@pano/contract';
import { ZDisplaySettings } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { displayKey } from './use-display-settings';

/** PUT /api/settings answers the saved settings, which become the cached ones (no second GET). */
export function useSaveDisplaySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateDisplaySettingsRequest) => api.put('/api/settings', ZDisplaySettings, body),
    onSuccess: (saved) => qc.setQueryData(displayKey, saved),
  });
}
