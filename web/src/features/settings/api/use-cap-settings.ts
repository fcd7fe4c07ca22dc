import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCapSettings } from '@pano/contract';
import { api } from '../../../lib/api-client';
import { capKeys } from './use-cap-feeds';

/** GET /api/cap-settings: the account's colours by severity and chime by urgency (the defaults until saved). */
export const capSettingsQuery = queryOptions({ queryKey: capKeys.settings, queryFn: ({ signal }) => api.get('/api/cap-settings', ZCapSettings, signal) });

export function useCapSettings(enabled = true) {
  return useQuery({ ...capSettingsQuery, enabled });
}
