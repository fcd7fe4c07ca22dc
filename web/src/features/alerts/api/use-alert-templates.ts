import { useQuery } from '@tanstack/react-query';
import type { TAlertTemplate } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const alertTemplateKeys = { all: ['alert-templates'] as const };

export function useAlertTemplates() {
  return useQuery({ queryKey: alertTemplateKeys.all, queryFn: ({ signal }) => api.get<TAlertTemplate[]>('/api/alert-templates', signal) });
}
