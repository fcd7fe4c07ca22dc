import { youtubeVideoId } from '@pano/contract/app-rules';
import { useOnce, type AppProps } from './app-common.js';
import { FRAME_SANDBOX } from './web-app.js';

/**
 * The privacy-enhanced embed (youtube-nocookie.com) of a watch, share or embed address: muted
 * autoplay without controls, looping (a loop needs the video as its own playlist); null when the
 * address names no video.
 */
export function youtubeEmbedUrl(url: string): string | null {
  const id = youtubeVideoId(url);
  if (!id) return null;
  const params = new URLSearchParams({ autoplay: '1', mute: '1', controls: '0', loop: '1', playlist: id, playsinline: '1', rel: '0', modestbranding: '1' });
  return `https://www.youtube-nocookie.com/embed/${id}?${params}`;
}

export default function YoutubeApp({ app, onReady, onFailed }: AppProps<'youtube'>) {
  const src = youtubeEmbedUrl(app.url);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  useOnce(() => (!src || offline ? onFailed() : undefined));
  if (!src || offline) return null;
  return (
    <iframe src={src} title="youtube" sandbox={FRAME_SANDBOX} allow="autoplay; encrypted-media; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin" data-testid="youtube-app" onLoad={onReady}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, background: '#000' }} />
  );
}
