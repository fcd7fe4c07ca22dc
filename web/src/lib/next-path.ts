/**
 * Where to go after signing in, from a `?next=` of the address (`/login?next=/davet/…`): a path of
 * this site only. Anything else ('//host', '/\host', a full URL) is null, so the parameter cannot
 * send anyone to another site (an open redirect). docs/PRODUCT.md#invitations-davettoken.
 */
export function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // The browser's own reading decides: tabs and newlines it drops could still make '//host'.
  const url = new URL(next, window.location.origin);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}
