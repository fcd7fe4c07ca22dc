import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZPlaysReport } from '@pano/contract';
import { api } from '../../../lib/api-client';

export const reportKeys = {
  all: ['reports'] as const,
  plays: (query: string) => ['reports', 'plays', query] as const,
};

/**
 * GET /api/reports/plays for a query string made by `reportQuery`; null (invalid filters)
 * asks nothing. The previous answer stays on screen while a new filter's answer comes, so the
 * table does not jump; plays keep arriving, so the page asks again each time it opens.
 */
export function usePlaysReport(query: string | null) {
  return useQuery({
    queryKey: reportKeys.plays(query ?? ''),
    queryFn: ({ signal }) => api.get(`/api/reports/plays?${query}`, ZPlaysReport, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
