import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ZAuditPage } from '@pano/contract';
import { api, apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The account's history, or the platform's (platform administrators). */
export type ActivityScope = 'account' | 'platform';
const base = (scope: ActivityScope) => (scope === 'platform' ? '/api/audit/platform' : '/api/audit');

/** GET /api/audit?… (docs/architecture/audit.md#reading): one page of events, newest first. */
export function useActivity(scope: ActivityScope, query: string) {
  return useQuery({
    queryKey: ['audit', scope, query],
    queryFn: ({ signal }) => api.get(`${base(scope)}?${query}`, ZAuditPage, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** 'CSV İndir': every event the filters select, saved under the server's file name. */
export function useDownloadActivity(scope: ActivityScope) {
  return useMutation({
    mutationFn: async (query: string) => {
      const file = await apiFile(`${base(scope)}?${query}${query ? '&' : ''}format=csv`);
      saveFile(file.blob, file.filename ?? 'pano-etkinlik.csv');
    },
  });
}
