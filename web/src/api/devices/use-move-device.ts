import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {  TUpdateDeviceRequest } from '@pano/contract';
import { ZDevice } from '@pano/contract';
import { api } from '../../lib/api-client';
import { deviceKeys } from './devices-query';

/** PUT /api/devices/{id} with another screen (null: none); the device switches by itself. */
export function useMoveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, screenId }: { id: string; screenId: string | null }) =>
      api.put(`/api/devices/${id}`, ZDevice, { screenId } satisfies TUpdateDeviceRequest),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
