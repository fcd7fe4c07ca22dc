// The apps' rules a screen needs, without zod, so the player's app renderers can import them
// (`@pano/contract/app-rules`; docs/PRODUCT.md#apps). The schemas in apps.ts use them too.

/** The video id of a YouTube watch, share (youtu.be), shorts or embed address; null if none. */
export function youtubeVideoId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  const id = host === 'youtu.be'
    ? u.pathname.slice(1)
    : host === 'youtube.com' || host === 'youtube-nocookie.com'
      ? (u.pathname === '/watch' ? u.searchParams.get('v') : /^\/(embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[2]) ?? ''
      : '';
  return /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null;
}
