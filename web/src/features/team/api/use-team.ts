import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZOkResponse, ZInviteResponse, ZTeam, ZTeamMember, ZTeamSettings,
  type TDeleteAccountRequest, type TInviteRequest, type TMemberUpdateRequest, type TTeamSettings,
} from '@pano/contract';
import { api, apiRequest } from '../../../lib/api-client';

/* docs/PRODUCT.md#team: one hook per call; each change reads the team again. */

/** The settings keep a key of their own: invalidating the team (every change) does not read them again. */
export const teamKeys = { all: ['team'] as const, settings: ['team-settings'] as const };

export function useTeam() {
  return useQuery({ queryKey: teamKeys.all, queryFn: ({ signal }) => api.get('/api/team', ZTeam, signal) });
}

function useTeamMutation<A, R>(call: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.all }) });
}

export const useRenameAccount = () => useTeamMutation((name: string) => api.put('/api/team', ZTeam, { name }));
export const useUpdateMember = () =>
  useTeamMutation(({ id, body }: { id: string; body: TMemberUpdateRequest }) => api.put(`/api/team/members/${id}`, ZTeamMember, body));
export const useRemoveMember = () => useTeamMutation((id: string) => api.delete(`/api/team/members/${id}`, ZOkResponse));
export const useTransferOwnership = () => useTeamMutation((memberId: string) => api.post('/api/team/transfer', ZTeam, { memberId }));
export const useInvite = () => useTeamMutation((body: TInviteRequest) => api.post('/api/team/invitations', ZInviteResponse, body));
export const useRevokeInvitation = () => useTeamMutation((id: string) => api.delete(`/api/team/invitations/${id}`, ZOkResponse));
/** 'Hesabı Sil' (owner only): the owner's password goes with it; the caller signs out on success. */
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: TDeleteAccountRequest) => apiRequest('/api/team', ZOkResponse, { method: 'DELETE', body }) });

/** The account's sign-in rules (docs/PRODUCT.md#two-factor). */
export function useTeamSettings() {
  return useQuery({ queryKey: teamKeys.settings, queryFn: ({ signal }) => api.get('/api/team/settings', ZTeamSettings, signal) });
}
/**
 * One of the account's rules ('İki adımlı doğrulama zorunlu', 'Onay akışı'), sent alone; the
 * answer is the settings as saved and takes the cached ones' place, nothing is read again.
 */
export function useSaveTeamSetting(field: TeamRule) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.put('/api/team/settings', ZTeamSettings, { [field]: on }),
    onSuccess: (saved) => qc.setQueryData(teamKeys.settings, saved),
    onError: () => qc.invalidateQueries({ queryKey: teamKeys.settings }),
  });
}
export type TeamRule = keyof TTeamSettings;
