import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZScreen, type TAssignScreenRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';

type Location = { latitude: number | null; longitude: number | null };

/** PUT /api/screens/{id} with `{ latitude, longitude }` (both null: no location). */
export function useUpdateScreenLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...location }: Location & { id: string }) =>
      api.put(`/api/screens/${id}`, ZScreen, location satisfies TAssignScreenRequest),
    onSuccess: () => qc.invalidateQueries({ queryKey: screenKeys.all }),
  });
}
