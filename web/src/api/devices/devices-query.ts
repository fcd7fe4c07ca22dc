import { useQuery } from '@tanstack/react-query';
import type { TDevice } from '@pano/contract';
import { api } from '../../lib/api-client';

/** docs/PRODUCT.md#devices-api: the customer's paired devices, shown on /screens and /settings. */
export const deviceKeys = { all: ['devices'] as const };

export function useDevices() {
  return useQuery({
    queryKey: deviceKeys.all,
    queryFn: async ({ signal }) => {
      const list = await api.get<unknown>('/api/devices', signal);
      return Array.isArray(list) ? (list as TDevice[]) : [];
    },
  });
}
