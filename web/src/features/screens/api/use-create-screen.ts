import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateScreenRequest, TScreen } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';

/** docs/PRODUCT.md#screens-api: the client sends status 'active' with the name. */
export function useCreateScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<TScreen>('/api/screens', { name, status: 'active' } satisfies TCreateScreenRequest),
    onSuccess: () => qc.invalidateQueries({ queryKey: screenKeys.all }),
  });
}
