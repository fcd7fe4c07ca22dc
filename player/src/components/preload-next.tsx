import { useEffect } from 'react';
import type { PlayItem } from '../playback/play-items.js';

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
  return <video key={item.url} src={item.url} preload="auto" muted style={{ display: 'none' }} data-testid="player-preload" />;
}
