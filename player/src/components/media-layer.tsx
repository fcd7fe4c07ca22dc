import { lazy, Suspense, useEffect, useRef } from 'react';
import type { PlayItem } from '../playback/play-items.js';
import { usePlaybackEvents, type PlaybackEvent } from './use-playback-events.js';
import { StallWatch } from '../playback/self-healing.js';
import { realClock } from '../playback/sequence.js';

export const VIDEO_VOLUME = 0.4;

type Props = {
  item: PlayItem;
  /**
   * The play on screen. A video whose next play is itself (a loop of one video) keeps its layer
   * and element: a new round starts there from the start instead of a second element loading
   * and decoding the same file beside it (docs/architecture/player.md#player).
   */
  round: number;
  /** The next play is this video again: the element loops by itself, each wrap ending the round. */
  loop?: boolean;
  visible: boolean;
  /** Sound is blocked by the autoplay policy: play muted until the viewer allows it. */
  muted: boolean;
  onReady: () => void;
  onEnded: () => void;
  onSoundBlocked: () => void;
  /**
   * Proof of play (docs/architecture/plays.md#play-records): `rendered` once the media is really
   * on screen (an image decoded and visible, a video `playing` and visible), `failed` when it
   * cannot load or decode, `gone` when the layer leaves the page.
   */
  onPlayback?: (event: PlaybackEvent) => void;
  /** The file could not be loaded or decoded (docs/architecture/player.md#player, "Self-healing"). */
  onFailed?: () => void;
  /** Given for the item on turn: a video whose time does not move for 5 s calls it once. */
  onStalled?: () => void;
};

/** Apps are drawn by code of their own chunks, loaded when one is shown (docs/architecture/player.md#layouts). */
const AppLayer = lazy(() => import('./apps/app-layer.js'));

const fill: React.CSSProperties = {
  position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', background: '#000',
};

/** One item on screen. It stays invisible until its first frame is decoded, so nothing flashes black. */
export function MediaLayer({ item, round, loop, visible, muted, onReady, onEnded, onSoundBlocked, onPlayback, onFailed, onStalled }: Props) {
  const style = { ...fill, opacity: visible ? 1 : 0 };
  const painted = usePlaybackEvents(visible, onPlayback, round);
  if (item.kind === 'app') {
    return (
      <Suspense fallback={null}>
        <AppLayer item={item} style={style} onReady={onReady} onPainted={painted.playing} onFailed={() => { painted.failed(); onFailed?.(); }} />
      </Suspense>
    );
  }
  if (item.kind === 'image') {
    return <ImageLayer item={item} style={style} onReady={onReady} onDecoded={painted.playing} onNotDecoded={painted.failed}
      onError={() => { painted.failed(); onFailed?.(); }} />;
  }
  return (
    <VideoLayer item={item} round={round} loop={loop} style={style} muted={muted} onReady={onReady} onEnded={onEnded} onSoundBlocked={onSoundBlocked}
      onPlaying={painted.playing} onError={() => { painted.failed(); onFailed?.(); }} onStalled={onStalled} />
  );
}

/**
 * How long a loaded image waits for its decode before it is shown anyway: a decode the browser
 * never settles (a page that draws no frames) must not keep a picture off the screen.
 */
const DECODE_WAIT_MS = 1_000;

/**
 * An image is shown once it is decoded (img.decode), not merely fetched: shown at its load, the
 * browser would decode it while drawing the frame that reveals it, and a video playing beside it
 * in another zone dropped frames there (docs/PERFORMANCE.md, P15). One that loaded but cannot be
 * decoded is shown all the same, as the browser would, and counts as no play. What a decode
 * says about a file no longer in the element (the layer gone, or its file replaced in place)
 * is not heard.
 */
function ImageLayer({ item, style, onReady, onDecoded, onNotDecoded, onError }: {
  item: PlayItem; style: React.CSSProperties; onReady: () => void; onDecoded: () => void; onNotDecoded: () => void; onError: () => void;
}) {
  const latest = useRef({ onReady, onDecoded, onNotDecoded });
  latest.current = { onReady, onDecoded, onNotDecoded };
  const loaded = (img: HTMLImageElement) => {
    if (typeof img.decode !== 'function') {
      onReady();
      onDecoded();
      return;
    }
    // The element itself says whether it still shows this file: gone from the page, or given another.
    const src = img.src;
    const current = () => img.isConnected && img.src === src;
    let shown = false;
    const show = () => {
      if (shown || !current()) return;
      shown = true;
      latest.current.onReady();
    };
    const waited = setTimeout(show, DECODE_WAIT_MS);
    const settled = (told: 'onDecoded' | 'onNotDecoded') => () => {
      clearTimeout(waited);
      if (!current()) return;
      show();
      latest.current[told]();
    };
    img.decode().then(settled('onDecoded'), settled('onNotDecoded'));
  };
  return <img src={item.url} alt={item.name} style={style} data-testid="player-image" onLoad={(e) => loaded(e.currentTarget)} onError={onError} />;
}

function VideoLayer({ item, round, loop, style, muted, onReady, onEnded, onSoundBlocked, onPlaying, onError, onStalled }: Omit<Props, 'visible' | 'onPlayback' | 'onFailed'> & {
  style: React.CSSProperties; onPlaying: () => void; onError: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const stalled = useRef(onStalled);
  stalled.current = onStalled;
  const watching = onStalled !== undefined;
  const firstRound = useRef(round);
  const latest = useRef({ onReady, onPlaying });
  latest.current = { onReady, onPlaying };
  /** Why the element seeks: a new round sent it back (`round`) or `loop` wrapped it (`wrap`). */
  const seek = useRef<'round' | 'wrap' | null>(null);

  // A new round in this element. Wrapped by `loop`, it plays from the start already: on screen
  // now. Else (its time ran out, or it ended) back to the start; the seek's end is its first frame.
  useEffect(() => {
    const video = ref.current;
    if (!video || round === firstRound.current) return;
    if (seek.current === 'wrap') {
      seek.current = null;
      latest.current.onReady();
      latest.current.onPlaying();
      return;
    }
    seek.current = 'round';
    video.currentTime = 0;
    (video.play() as Promise<void> | undefined)?.catch(() => {});
  }, [round]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !watching) return;
    const watch = new StallWatch(() => video.currentTime, () => stalled.current?.(), realClock, () => document.visibilityState !== 'hidden');
    watch.start();
    const stop = () => watch.stop();
    video.addEventListener('ended', stop);
    return () => {
      watch.stop();
      video.removeEventListener('ended', stop);
    };
  }, [watching, round]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.volume = VIDEO_VOLUME;
    // React does not keep the muted property in sync, so it is set here.
    video.muted = muted;
    // Older browsers return nothing from play().
    const attempt = video.play() as Promise<void> | undefined;
    if (!attempt || muted) return;
    attempt.catch((err: unknown) => {
      if ((err as { name?: string })?.name !== 'NotAllowedError') return;
      onSoundBlocked();
      video.muted = true;
      void video.play().catch(() => {});
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-run only when muting changes (the viewer's click), not on every new callback
  }, [muted]);

  return (
    <video
      ref={ref}
      src={item.url}
      style={style}
      playsInline
      preload="auto"
      onLoadedData={onReady}
      onEnded={onEnded}
      onPlaying={onPlaying}
      loop={loop}
      onSeeked={() => {
        if (seek.current === 'round') {
          seek.current = null;
          onReady();
          onPlaying();
        } else if (loop) {
          // Not ours: the loop went round, which ends this round as 'ended' would.
          seek.current = 'wrap';
          onEnded();
        }
      }}
      onError={onError}
      data-testid="player-video"
    />
  );
}
