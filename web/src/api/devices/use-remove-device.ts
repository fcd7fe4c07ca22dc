import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@pano/contract';
import { api } from '../../lib/api-client';
import { deviceKeys } from './devices-query';

/** DELETE /api/devices/{id}: the device is revoked and disconnected at once. */
export function useRemoveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/devices/${id}`, ZOkResponse),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
