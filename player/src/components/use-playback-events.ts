import { useEffect, useRef, useState } from 'react';

/** What a media layer tells proof of play (docs/architecture/plays.md#play-records). */
export type PlaybackEvent = 'rendered' | 'failed' | 'gone';

/** Tells `onPlayback` once the media is painted and visible, once if it fails, and when the layer goes. */
export function usePlaybackEvents(visible: boolean, onPlayback: ((event: PlaybackEvent) => void) | undefined) {
  const report = useRef(onPlayback);
  useEffect(() => {
    report.current = onPlayback;
  });
  const [painted, setPainted] = useState(false);
  const told = useRef<PlaybackEvent | null>(null);
  useEffect(() => {
    if (!visible || !painted || told.current) return;
    told.current = 'rendered';
    report.current?.('rendered');
  }, [visible, painted]);
  useEffect(() => () => report.current?.('gone'), []);
  return {
    /** An image has loaded: it counts once its pixels are decoded (img.decode), not merely fetched. */
    decoded: (img: HTMLImageElement) => {
      if (typeof img.decode !== 'function') return setPainted(true);
      img.decode().then(() => setPainted(true), () => {
        if (told.current) return;
        told.current = 'failed';
        report.current?.('failed');
      });
    },
    playing: () => setPainted(true),
    failed: () => {
      if (told.current === 'failed') return;
      told.current = 'failed';
      report.current?.('failed');
    },
  };
}
