import { useQuery } from '@tanstack/react-query';
import { ZAlertTemplateListAnswer } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const alertTemplateKeys = { all: ['alert-templates'] as const };

export function useAlertTemplates() {
  return useQuery({ queryKey: alertTemplateKeys.all, queryFn: ({ signal }) => api.get('/api/alert-templates', ZAlertTemplateListAnswer, signal) });
}
