import { useMutation } from '@tanstack/react-query';
import { ZScreenshotRequest } from '@pano/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /api/screens/{id}/screenshot: the server asks the screen's players over their socket and
 * answers 202 at once; the image's arrival comes later as `screen:health` (its `screenshot`).
 * A screen with no player online answers 409 with the server's Turkish message.
 */
export function useRequestScreenshot() {
  return useMutation({
    mutationFn: (screenId: string) => api.post(`/api/screens/${screenId}/screenshot`, ZScreenshotRequest),
  });
}
