import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TConfigAlert } from '@pano/contract';
import { tr } from '../i18n/tr.js';
import { nextAlertEnd, runningAlerts } from '../playback/alerts.js';

export type AlertOverlayProps = {
  /** The config's alerts, newest first. */
  alerts: readonly TConfigAlert[];
  /** Called once the frame showing an alert was painted (two animation frames after commit). */
  onPainted?: (alert: TConfigAlert, paintedAtMs: number) => void;
  /** An alert covers the screen (true) or no longer does (false): proof of play stops counting under it. */
  onCover?: (covered: boolean) => void;
};

/** setTimeout holds at most 2^31-1 ms; a longer wait is taken in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * Emergency takeover (docs/architecture/alerts.md#alerts): the newest running alert covers the whole
 * screen, media and ticker included, in large high-contrast type with a flashing border, until
 * its `endsAt` by this player's own clock (offline too). What lies below keeps playing, so the
 * screen is back on its schedule the moment the alert ends.
 */
export function AlertOverlay({ alerts, onPainted, onCover }: AlertOverlayProps) {
  const [, setTick] = useState(0);
  const now = Date.now();
  const running = runningAlerts(alerts, now);
  const shown = running[0] ?? null;
  const end = nextAlertEnd(alerts, now);

  // Re-render when the next alert ends: it leaves the screen without any message from the server.
  useEffect(() => {
    if (end === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(MAX_WAIT_MS, Math.max(0, end - Date.now()) + 1));
    return () => clearTimeout(timer);
  }, [end, alerts]);

  // Two frames: the first callback runs before the alert's frame is painted, the second after.
  const shownId = shown?._id ?? null;
  useEffect(() => {
    if (!shown || !onPainted) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => onPainted(shown, Date.now()));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per alert shown, not per render
  }, [shownId]);

  const covering = shown !== null;
  const listens = onCover !== undefined;
  useEffect(() => {
    onCover?.(covering);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of cover (or of who listens) only
  }, [covering, listens]);

  const withSound = shown?.sound ?? false;
  useEffect(() => (withSound ? startChime() : undefined), [withSound, shownId]);

  // Before the frame is painted: a long alert is set smaller until all of it is on the screen.
  const overlayRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = overlayRef.current;
    if (!el) return;
    const fit = () => fitToScreen(el);
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [shownId, shown?.title, shown?.message, shown?.imageUrl, running.length]);

  if (!shown) return null;
  return (
    <div ref={overlayRef} role="alert" data-testid="alert-overlay" data-alert-id={shown._id} style={{ ...overlayStyle, background: shown.background, color: shown.textColor }}>
      <style>{flashKeyframes}</style>
      <div aria-hidden="true" data-alert-border="" style={{ ...borderStyle, borderColor: shown.textColor }} />
      <div style={labelStyle}>{tr.alertLabel}</div>
      <h1 style={titleStyle}>{shown.title}</h1>
      {shown.imageUrl && (
        <img src={shown.imageUrl} alt="" style={imageStyle} data-testid="alert-image" onLoad={() => overlayRef.current && fitToScreen(overlayRef.current)} />
      )}
      <p style={messageStyle}>{shown.message}</p>
      {running.length > 1 && <div style={countStyle} data-testid="alert-count">{tr.moreAlerts(running.length - 1)}</div>}
    </div>
  );
}

/** The smallest share of the full type size a long alert is set in (a 1000-character text fits at 1280×720). */
const MIN_SCALE = 0.3;

/**
 * The type scales with the screen (vmin), so a short alert is as large as it can be; a long
 * one (up to 100 + 1000 characters) would run off the screen at that size and be cut, so its
 * type is made smaller step by step (`--alert-scale`) until nothing overflows.
 */
export function fitToScreen(el: HTMLElement): void {
  let scale = 1;
  el.style.setProperty('--alert-scale', '1');
  while (el.scrollHeight > el.clientHeight + 1 && scale > MIN_SCALE) {
    scale = Math.max(MIN_SCALE, scale * 0.9);
    el.style.setProperty('--alert-scale', String(scale));
  }
}

/** Interval of the repeating chime. */
const CHIME_EVERY_MS = 3000;

/**
 * A two-tone beep every few seconds, made with WebAudio (no file to cache). A browser that
 * blocks sound until a gesture leaves the context suspended: the alert still shows, silent.
 */
function startChime(): (() => void) | undefined {
  const Ctx = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctx) return undefined;
  const audio = new Ctx();
  const beep = () => {
    void audio.resume().catch(() => undefined);
    const t = audio.currentTime;
    [880, 660].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.35);
      gain.gain.exponentialRampToValueAtTime(0.4, t + i * 0.35 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.35 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.35);
      osc.stop(t + i * 0.35 + 0.32);
    });
  };
  beep();
  const timer = setInterval(beep, CHIME_EVERY_MS);
  return () => {
    clearInterval(timer);
    void audio.close().catch(() => undefined);
  };
}

// Above every layer of the player (media, unmute button, ticker bar).
const overlayStyle: React.CSSProperties = {
  position: 'absolute', inset: 0, zIndex: 1000, display: 'flex', flexDirection: 'column', alignItems: 'center',
  justifyContent: 'center', gap: '2vh', padding: '6vmin', boxSizing: 'border-box', textAlign: 'center', overflow: 'hidden',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};

const flashKeyframes = `@keyframes pano-alert-flash { 50% { opacity: 0 } }
@media (prefers-reduced-motion: reduce) { [data-alert-border] { animation: none !important } }`;

const borderStyle: React.CSSProperties = {
  position: 'absolute', inset: 0, border: '2.5vmin solid', pointerEvents: 'none', animation: 'pano-alert-flash 1s steps(1) infinite',
};
// Read from across a corridor: sizes follow the screen, with floors for a small preview, times
// the scale a long alert needs to fit (fitToScreen).
const scaled = (size: string) => `calc(${size} * var(--alert-scale, 1))`;
const labelStyle: React.CSSProperties = { fontSize: 'max(16px, 3.2vmin)', fontWeight: 800, letterSpacing: '0.2em' };
const titleStyle: React.CSSProperties = { margin: 0, fontSize: scaled('max(32px, 10vmin)'), fontWeight: 900, lineHeight: 1.05, overflowWrap: 'anywhere' };
const messageStyle: React.CSSProperties = {
  margin: 0, fontSize: scaled('max(20px, 5.5vmin)'), fontWeight: 600, lineHeight: 1.25, whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '90%',
};
const imageStyle: React.CSSProperties = { maxHeight: scaled('30vh'), maxWidth: '80%', objectFit: 'contain' };
const countStyle: React.CSSProperties = {
  position: 'absolute', bottom: '4vmin', right: '5vmin', fontSize: 'max(14px, 3vmin)', fontWeight: 700,
  padding: '0.3em 0.8em', border: '0.15em solid currentColor', borderRadius: 999,
};
