import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateScreenRequest } from '@pano/contract';
import { ZScreen } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { screenKeys } from '../../../api/screens.api';

/** docs/PRODUCT.md#screens-api: the client sends status 'active' with the name. */
export function useCreateScreen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/api/screens', ZScreen, { name, status: 'active' } satisfies TCreateScreenRequest),
    onSuccess: () => qc.invalidateQueries({ queryKey: screenKeys.all }),
  });
}
