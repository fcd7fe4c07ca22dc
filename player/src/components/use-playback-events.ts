import { useEffect, useRef, useState } from 'react';

/** What a media layer tells proof of play (docs/architecture/plays.md#play-records). */
export type PlaybackEvent = 'rendered' | 'failed' | 'gone';

/**
 * Tells `onPlayback` once the media is painted and visible, once if it fails, and when the layer
 * goes. `round` is the play shown: a video looping alone starts its next round in the same
 * layer (media-layer.tsx), a play of its own: the one before is `gone`, told through its own
 * callback (cleanups run before this render's effects), and the new one waits for its paint.
 */
export function usePlaybackEvents(visible: boolean, onPlayback: ((event: PlaybackEvent) => void) | undefined, round = 0) {
  const report = useRef(onPlayback);
  useEffect(() => {
    report.current = onPlayback;
  });
  /** The round whose picture is painted. */
  const [painted, setPainted] = useState<number | null>(null);
  const told = useRef<PlaybackEvent | null>(null);
  useEffect(() => {
    if (!visible || painted !== round || told.current) return;
    told.current = 'rendered';
    report.current?.('rendered');
  }, [visible, painted, round]);
  useEffect(() => () => {
    report.current?.('gone');
    told.current = null;
  }, [round]);
  return {
    /** The picture is on screen: a video `playing`, an image decoded, an app painted. */
    playing: () => setPainted(round),
    failed: () => {
      if (told.current === 'failed') return;
      told.current = 'failed';
      report.current?.('failed');
    },
  };
}
