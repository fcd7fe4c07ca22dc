import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDeviceListAnswer } from '@pano/contract';
import { api } from '../../lib/api-client';

/** docs/PRODUCT.md#devices-api: the customer's paired devices, shown on /screens and /settings. */
export const deviceKeys = { all: ['devices'] as const };

export const devicesQuery = queryOptions({ queryKey: deviceKeys.all, queryFn: ({ signal }) => api.get('/api/devices', ZDeviceListAnswer, signal) });

export function useDevices() {
  return useQuery(devicesQuery);
}
