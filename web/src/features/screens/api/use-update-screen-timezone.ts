import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZScreen } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';

/** PUT /api/screens/{id} with `{ timezone }`: the zone the screen's schedules are read in. */
export function useUpdateScreenTimezone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, timezone }: { id: string; timezone: string }) => api.put(`/api/screens/${id}`, ZScreen, { timezone }),
    onSuccess: () => qc.invalidateQueries({ queryKey: screenKeys.all }),
  });
}
