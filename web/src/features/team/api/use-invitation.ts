import { useMutation, useQuery } from '@tanstack/react-query';
import { ZInvitationInfo, ZLoginResponse, type TAcceptNewRequest } from '@pano/contract';
import { api, apiRequest } from '../../../lib/api-client';

/* The accept page (/davet/{token}): public; a signed-in person's token goes with the accept. */

/** `enabled` false once accepted: the link is used then, and asking again would only answer 410. */
export function useInvitation(token: string, enabled = true) {
  return useQuery({
    queryKey: ['invitation', token], retry: false, enabled,
    queryFn: ({ signal }) => api.get(`/api/invitations/${encodeURIComponent(token)}`, ZInvitationInfo, signal),
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: TAcceptNewRequest | Record<string, never>) =>
      apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, ZLoginResponse, { method: 'POST', body }),
  });
}
