import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { resolveAt, type ScreenSchedule } from '@pano/contract/schedule';
import type { TConfigAlert, TPlayRecord, TScreenConfig } from '@pano/contract';
import { tr } from '../i18n/tr.js';
import { playItemsOf, type PlayItem } from '../playback/play-items.js';
import { PlayRecorder, type PlayContext } from '../playback/play-recorder.js';
import { ScheduleFollower } from '../playback/schedule-follower.js';
import { contentOf, scheduleFromConfig } from '../playback/screen-schedule.js';
import type { PlaybackHealing } from '../playback/self-healing.js';
import { PlaybackSequence, realClock, type Slot } from '../playback/sequence.js';
import { clampSpeed } from '../playback/ticker-motion.js';
import type { AlertOverlayProps } from './alert-overlay.js';
import { MediaLayer } from './media-layer.js';
import { PreloadNext } from './preload-next.js';
import { StatusMessage } from './status-message.js';
import { TickerBar } from './ticker-bar.js';

/** docs/PRODUCT.md#constants: the preview's media area is 775 px high. */
export const PREVIEW_MEDIA_HEIGHT = 775;

export type PlayerProps = {
  /** null while the config is being fetched. */
  config: TScreenConfig | null;
  /** Height of the media area: 775 px in the dashboard preview, '100vh' on a device. */
  mediaHeight?: number | string;
  /** Origin that serves /uploads (defaults to this page's origin). */
  host?: string;
  /** A failed fetch: shown as 'Hata: {message}'. */
  error?: string | null;
  notFound?: boolean;
  /**
   * Where 'Sesi Aç ve Oynat' goes when the browser blocks sound: over the middle of the media
   * (the dashboard preview, where someone is watching) or as a small button in a corner (a
   * paired device, often unattended, which must not show a button over its content for days).
   * Either way the video plays on muted.
   */
  soundButton?: 'centre' | 'corner';
  /** An alert's frame was painted (a paired device confirms it to the server). */
  onAlertPainted?: (alert: TConfigAlert, paintedAtMs: number) => void;
  /**
   * Proof of play: every item really shown, as a record (docs/architecture/plays.md#play-records).
   * Only a paired device records; the dashboard preview passes nothing.
   */
  onPlay?: (record: TPlayRecord) => void;
  /** A paired device's self-healing (playback/self-healing.ts); the preview has none. */
  healing?: PlaybackHealing;
};

/** The screen player. Pure: it shows what it is given and fetches nothing but media files. */
export function Player({ config, mediaHeight = PREVIEW_MEDIA_HEIGHT, host, error, notFound, soundButton = 'centre', onAlertPainted, onPlay, healing }: PlayerProps) {
  const origin = host ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const schedule = useMemo(() => (config ? scheduleFromConfig(config) : null), [config]);
  const outcome = useScheduleOutcome(schedule);
  const content = useMemo(() => (config && outcome ? contentOf(config, outcome) : null), [config, outcome]);
  const playlist = content?.playlist ?? null;
  const layout = content?.layout ?? null;
  const timeZone = config?.schedule?.timezone;
  const items = useMemo(() => playItemsOf(playlist, origin, timeZone), [playlist, origin, timeZone]);
  const recorder = usePlayRecorder(onPlay);
  // What an alert covers, told to the zones' recorders of a layout too (components/layout-stage.tsx).
  const [cover] = useState(() => ({ on: false, zones: new Set<(covered: boolean) => void>() }));
  const screenId = config?.screenId ?? null;
  const scheduleId = outcome?.scheduleId ?? null;
  const playContext = useMemo<PlayContext | null>(
    () => (screenId ? { screenId, playlistId: playlist?._id ?? null, scheduleId } : null),
    [screenId, playlist, scheduleId],
  );
  const frame: React.CSSProperties = {
    position: 'relative', width: '100%', height: mediaHeight, overflow: 'hidden', background: '#000', color: '#fff',
  };

  let body: React.ReactNode;
  if (error) body = <StatusMessage tone="error">{tr.error(error)}</StatusMessage>;
  else if (notFound) body = <StatusMessage>{tr.screenNotFound}</StatusMessage>;
  else if (!config) body = <StatusMessage>{tr.loading}</StatusMessage>;
  else if (config.notice) body = <StatusMessage tone="calm">{config.notice.message}</StatusMessage>;
  // The layout the schedule resolves to: the screen's own, or a schedule entry's (docs/architecture/player.md#layouts).
  else if (layout) {
    body = (
      <Suspense fallback={null}>
        <LayoutStage key={layout._id} config={config} layout={layout} host={origin} soundButton={soundButton} onPlay={onPlay} healing={healing} scheduleId={scheduleId} loop={loop} cover={cover} />
      </Suspense>
    );
  } else body = <Stage items={items} playlistId={playlist?._id ?? null} soundButton={soundButton} recorder={recorder} playContext={playContext} healing={healing} />;

  const ticker = config && !config.notice && !error ? content?.ticker ?? null : null;
  const texts = ticker?.directions.map((d) => d.text).filter((t) => t.trim() !== '') ?? [];
  const picture = (
    <>
      {body}
      {config?.displaySettings.showDirectionBar && ticker && texts.length > 0 && (
        <TickerBar texts={texts} speed={clampSpeed(ticker.speed)} settings={config.displaySettings} />
      )}
      {/* A config kept on a device by an older player has no alerts. */}
      {config?.alerts && <LazyAlertOverlay alerts={config.alerts} onPainted={onAlertPainted} onCover={recorder ? (c) => {
        recorder.cover(c);
        cover.on = c;
        cover.zones.forEach((zone) => zone(c));
      } : undefined} />}
    </>
  );
  // A display mounted turned: the whole picture turns (in the layout's chunk: a screen not turned never loads it).
  const turn = config?.rotation;
  return (
    <div style={frame} data-testid="player" data-version={config?.version ?? ''}
      data-playlist={playlist?._id ?? ''} data-ticker={content?.ticker?._id ?? ''}>
      {turn ? <Suspense fallback={null}><Turned turn={turn}>{picture}</Turned></Suspense> : picture}
    </div>
  );
}

/**
 * A layout's code is a chunk of its own: a one-zone screen never loads it (docs/PERFORMANCE.md, P6).
 * The loop is handed in, so that chunk imports nothing back from here (one-way imports).
 */
const layoutChunk = () => import('./layout-stage.js');
const LayoutStage = lazy(layoutChunk);
const Turned = lazy(() => layoutChunk().then((m) => ({ default: m.Turned })));
const loop = { Stage, usePlayRecorder };

/**
 * What the schedule says at this instant (docs/architecture/scheduling.md#what-a-screen-shows),
 * resolved during render and again whenever the follower passes a boundary, offline too.
 */
function useScheduleOutcome(schedule: ScreenSchedule | null) {
  const [changes, setChanges] = useState(0);
  const follower = useRef<ScheduleFollower | null>(null);
  useEffect(() => {
    const f = new ScheduleFollower(() => setChanges((n) => n + 1));
    follower.current = f;
    // Timers sleep with a hidden page or a suspended device; look again on the way back.
    const wake = () => f.check();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);
    return () => {
      f.stop();
      follower.current = null;
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
    };
  }, []);
  useEffect(() => {
    if (schedule) follower.current?.follow(schedule);
  }, [schedule]);
  // `changes` is how the follower says the answer moved: resolve again at the new instant.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (schedule ? resolveAt(schedule, Date.now()) : null), [schedule, changes]);
}

/**
 * The recorder of a player that records (`onPlay` given), closed when the player goes away
 * or the page is left (a reload, the kiosk closing): what is on screen then is cut.
 */
function usePlayRecorder(onPlay: PlayerProps['onPlay']): PlayRecorder | null {
  const sink = useRef(onPlay);
  useEffect(() => {
    sink.current = onPlay;
  });
  const records = onPlay !== undefined;
  const [recorder, setRecorder] = useState<PlayRecorder | null>(null);
  useEffect(() => {
    if (!records) return;
    const r = new PlayRecorder((record) => sink.current?.(record));
    setRecorder(r);
    const leave = () => r.interrupt();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      r.close();
      setRecorder(null);
    };
  }, [records]);
  return recorder;
}

/**
 * A play of the loop and the element it is shown in: its own, or the element of the play before
 * it when both are the same video (a loop of one video), which then starts its next round in
 * place rather than a second element loading and decoding the same file (media-layer.tsx).
 */
type Round = Slot & { element: number };

/** Whether `slot` is shown in the element of `last`: the same play kept, or the next round of a video that did not break. */
const inPlace = (last: Round, slot: Slot, broken: number | null) =>
  last.play === slot.play || (last.play !== broken && sameVideo(last.item, slot.item));

const sameVideo = (a: PlayItem, b: PlayItem | null) => a.kind === 'video' && a.url === b?.url;

type StageProps = {
  items: PlayItem[]; playlistId: string | null; soundButton: 'centre' | 'corner';
  recorder: PlayRecorder | null; playContext: PlayContext | null; healing?: PlaybackHealing;
};

/** The media loop. The item shown last stays until the next one has its first frame, so there is never a black gap. */
function Stage({ items, playlistId, soundButton, recorder, playContext, healing }: StageProps) {
  const sequence = useRef<PlaybackSequence | null>(null);
  const heal = useRef(healing);
  heal.current = healing;
  const [current, setCurrent] = useState<Round | null>(null);
  const [next, setNext] = useState<PlayItem | null>(null);
  const [shown, setShown] = useState<Round | null>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [started, setStarted] = useState(false);

  // Proof of play: the loop tells the recorder how it left each play (a load cuts, time or
  // a video's end completes); the layers tell it what really reached the screen.
  const recording = useRef({ recorder, playContext });
  useEffect(() => {
    recording.current = { recorder, playContext };
  });
  const loading = useRef(false);
  /** The last play that failed or stalled: its element is not used for another round. */
  const broken = useRef<number | null>(null);
  useEffect(() => {
    let last: Round | null = null;
    const seq = new PlaybackSequence((slot) => {
      if (last && last.play !== slot?.play) recording.current.recorder?.left(last.play, loading.current ? 'cut' : 'completed');
      const round = slot && { ...slot, element: last && inPlace(last, slot, broken.current) ? last.element : slot.play };
      last = round;
      // A memory reload at the loop boundary: the page goes away, nothing more to show.
      if (slot && heal.current?.started(slot)) return;
      setCurrent(round);
      setNext(seq.next);
    }, realClock, (item) => heal.current?.isSkipped(item) ?? false, true);
    sequence.current = seq;
    return () => {
      seq.stop();
      sequence.current = null;
    };
  }, []);
  // Another playlist (a schedule boundary) cuts the item on screen; the same playlist with
  // new content (an edit pushed live) keeps playing what is on screen.
  const loadedPlaylist = useRef<string | null>(null);
  useEffect(() => {
    const restart = loadedPlaylist.current !== playlistId;
    loadedPlaylist.current = playlistId;
    loading.current = true;
    heal.current?.load(items);
    sequence.current?.load(items, { restart });
    loading.current = false;
    setStarted(true);
  }, [items, playlistId]);

  if (started && items.length === 0) return <StatusMessage>{tr.noMedia}</StatusMessage>;
  if (!current) return null;
  // The item last on screen stays under the current one until that one has its first frame;
  // a round in the same element replaces it in place.
  const layers = shown && shown.element !== current.element ? [shown, current] : [current];
  // The item on turn failed or stalled: the rules say whether to move on now (self-healing.ts).
  const failed = (slot: Slot, kind: 'failed' | 'stalled') => {
    broken.current = slot.play;
    if (sequence.current?.current?.play !== slot.play) return;
    if (heal.current?.failed(slot, kind)) sequence.current.advance();
    else sequence.current.failed(slot.play);
  };
  return (
    <>
      {layers.map((slot) => (
        <MediaLayer
          key={slot.element}
          item={slot.item}
          round={slot.play}
          loop={slot.play === current.play && sameVideo(current.item, next)}
          visible={slot.play === current.play ? shown?.element === current.element : true}
          muted={soundBlocked}
          onReady={() => {
            if (slot.play !== current.play) return;
            setShown(current);
            sequence.current?.reached(current.play);
            heal.current?.rendered(current);
          }}
          // Without self-healing (the preview) a failure only ends a turn held for its first frame.
          onFailed={slot.play === current.play ? () => failed(slot, 'failed') : undefined}
          onStalled={healing && slot.play === current.play ? () => failed(slot, 'stalled') : undefined}
          onEnded={() => sequence.current?.videoEnded(slot.play)}
          onSoundBlocked={() => setSoundBlocked(true)}
          onPlayback={recorder ? (event) => {
            const { recorder: r, playContext: context } = recording.current;
            if (!r) return;
            if (event === 'gone') r.gone(slot.play);
            else if (context && event === 'rendered') r.rendered(slot.play, slot.item.mediaId, context);
            else if (context) r.failed(slot.play, slot.item.mediaId, context);
          } : undefined}
        />
      ))}
      <PreloadNext item={next && next.url !== current.item.url ? next : null} />
      {soundBlocked && (
        <button type="button" onClick={() => setSoundBlocked(false)} style={soundButton === 'corner' ? cornerUnmuteStyle : unmuteStyle}
          data-testid="unmute" data-placement={soundButton}>
          {soundButton === 'corner' && <MutedIcon />}
          {tr.unmuteAndPlay}
        </button>
      )}
    </>
  );
}

const unmuteStyle: React.CSSProperties = {
  position: 'absolute', top: '50%', left: '50%', transform: 'translate(-50%,-50%)', zIndex: 2,
  padding: '14px 28px', fontSize: 20, border: 0, borderRadius: 8, background: 'rgba(255,255,255,0.92)', color: '#111', cursor: 'pointer',
};

// Small and translucent: the audience sees the content, a technician still finds the button.
const cornerUnmuteStyle: React.CSSProperties = {
  position: 'absolute', top: 12, left: 12, zIndex: 2, display: 'inline-flex', alignItems: 'center', gap: 6,
  padding: '5px 10px', fontSize: 13, lineHeight: 1.2, border: '1px solid rgba(255,255,255,0.3)', borderRadius: 999,
  background: 'rgba(0,0,0,0.45)', color: 'rgba(255,255,255,0.85)', cursor: 'pointer',
};

function MutedIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="m23 9-6 6M17 9l6 6" />
    </svg>
  );
}

/**
 * The takeover's code is not in the player's first load (docs/PERFORMANCE.md, P6): every player
 * loads it right after it starts, so an alert arriving later finds it here, offline too (the
 * service worker keeps the file). Rendered at once when loaded; until then nothing covers.
 */
let overlayModule: typeof import('./alert-overlay.js') | undefined;
export const preloadAlertOverlay = () => import('./alert-overlay.js').then((m) => (overlayModule = m));

function LazyAlertOverlay(props: AlertOverlayProps) {
  const [loaded, setLoaded] = useState(overlayModule);
  useEffect(() => {
    if (!loaded) void preloadAlertOverlay().then(setLoaded);
  }, [loaded]);
  return loaded ? <loaded.AlertOverlay {...props} /> : null;
}
