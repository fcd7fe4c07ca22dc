import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TUpdateDeviceRequest } from '@pano/contract';
import { ZDevice } from '@pano/contract';
import { api } from '../../lib/api-client';
import { deviceKeys } from './devices-query';

/** PUT /api/devices/{id} with a new name. */
export function useRenameDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.put(`/api/devices/${id}`, ZDevice, { name } satisfies TUpdateDeviceRequest),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
