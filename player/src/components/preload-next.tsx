import { useEffect } from 'react';
import { pdfPagesOf, type PlayItem } from '../playback/play-items.js';

/**
 * Fetches the next item while the current one shows: an image through `new Image()`, a
 * video through a hidden `<video preload="auto">`, so the switch has its data at hand.
 */
export function PreloadNext({ item }: { item: PlayItem | null }) {
  // A PDF document's first page is a picture too.
  const imageUrl = item?.kind === 'image' ? item.url : (item && pdfPagesOf(item)[0]) ?? null;
  useEffect(() => {
    if (!imageUrl) return;
    const img = new Image();
    img.src = imageUrl;
  }, [imageUrl]);

  if (!item || item.kind !== 'video') return null;
  return <video key={item.url} src={item.url} preload="auto" muted style={{ display: 'none' }} data-testid="player-preload" />;
}
