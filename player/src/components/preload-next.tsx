import { useEffect, useRef } from 'react';
import type { PlayItem } from '../playback/play-items.js';
import { useReleaseOnUnmount } from './media-layer.js';

/**
 * Fetches the next item while the current one shows: an image through `new Image()`, a
 * video through a hidden `<video preload="auto">`, so the switch has its data at hand.
 */
export function PreloadNext({ item }: { item: PlayItem | null }) {
  useEffect(() => {
    if (!item || item.kind !== 'image') return;
    const img = new Image();
    img.src = item.url;
  }, [item?.url, item?.kind]);

  if (!item || item.kind !== 'video') return null;
  return <PreloadVideo key={item.url} url={item.url} />;
}

function PreloadVideo({ url }: { url: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useReleaseOnUnmount(ref);
  return <video ref={ref} src={url} preload="auto" muted style={{ display: 'none' }} data-testid="player-preload" />;
}
