import { useMutation, useQuery } from '@tanstack/react-query';
import { ZInvitationInfo, ZLoginResponse, type TAcceptNewRequest } from '@pano/contract';
import { api, apiRequest } from '../../../lib/api-client';

/* The accept page (/davet/{token}): public; a signed-in person's token goes with the accept. */

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token], retry: false,
    queryFn: ({ signal }) => api.get(`/api/invitations/${encodeURIComponent(token)}`, ZInvitationInfo, signal),
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: TAcceptNewRequest | Record<string, never>) =>
      apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, ZLoginResponse, { method: 'POST', body }),
  });
}
