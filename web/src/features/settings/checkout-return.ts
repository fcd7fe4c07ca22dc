/**
 * HOOK POINT for the payments engineer (hosted checkout return, spec §4):
 * "On return with a session_id query parameter the page confirms the session, clears the
 * parameter and reloads package info." SettingsPage calls this hook once with
 * `reloadPackage`; implement the confirm-session call here (or replace this file).
 * Until then it does nothing, so a session_id in the URL is left untouched.
 */
export function useCheckoutReturn(reloadPackage: () => void): void {
  void reloadPackage;
}
