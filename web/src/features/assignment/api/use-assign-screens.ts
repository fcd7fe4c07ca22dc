import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAssignScreenRequest } from '@pano/contract';
import { ZScreen } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';
import { assignScreens, type AssignmentDraft } from '../assignment';

const assignScreen = (id: string, body: TAssignScreenRequest) => api.put(`/api/screens/${id}`, ZScreen, body);

/** PUT /api/screens/{id} for every selected screen; the list reloads either way (some may have succeeded). */
export function useAssignScreens() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: AssignmentDraft) => assignScreens(draft, assignScreen),
    onSettled: () => qc.invalidateQueries({ queryKey: screenKeys.all }),
  });
}
