import { useQuery } from '@tanstack/react-query';
import { ZLayoutTemplateList } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { layoutKeys } from '../../../api/layouts.api';

/** GET /api/layouts/templates: what 'Yeni Yerleşim' starts from; the same for everyone, kept. */
export function useLayoutTemplates(enabled: boolean) {
  return useQuery({
    queryKey: layoutKeys.templates,
    queryFn: ({ signal }) => api.get('/api/layouts/templates', ZLayoutTemplateList, signal),
    enabled,
    staleTime: Infinity,
  });
}
