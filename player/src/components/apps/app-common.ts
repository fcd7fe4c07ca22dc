import { useEffect, useRef, useState } from 'react';
import type { TAppData, TMediaApp } from '@pano/contract';
import { zoneOrDefault } from '@pano/contract/schedule';

/** What every app renderer is given (components/apps/app-layer.tsx). */
export type AppProps<K extends TMediaApp['kind'] = TMediaApp['kind']> = {
  app: Extract<TMediaApp, { kind: K }>;
  /** rss and weather: what the server last fetched; null before its first fetch. */
  data: TAppData | null;
  /** The screen's IANA time zone; absent: the device's own. */
  timeZone?: string;
  durationMs: number;
  /** The first picture is drawn: the previous item may go. */
  onReady: () => void;
  /** Nothing can be drawn: a calm blank, reported like a file that cannot load. */
  onFailed: () => void;
};

/**
 * Reports whether the app can draw, after the first render and again whenever that changes:
 * an rss or weather app shown before the server's first fetch fails (a calm blank), and is
 * ready as soon as a pushed config brings its data (docs/PRODUCT.md#apps).
 */
export function useDrawable(drawable: boolean, props: Pick<AppProps, 'onReady' | 'onFailed'>): void {
  const report = useRef(props);
  report.current = props;
  useEffect(() => (drawable ? report.current.onReady() : report.current.onFailed()), [drawable]);
}

/** Calls `fn` once after the first render (the picture is there). */
export function useOnce(fn: () => void): void {
  const f = useRef(fn);
  useEffect(() => f.current(), []);
}

/** The current time, renewed every `everyMs` on the wall-clock beat (a clock's second ticks with the second). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(Date.now());
      timer = setTimeout(tick, everyMs - (Date.now() % everyMs));
    };
    timer = setTimeout(tick, everyMs - (Date.now() % everyMs));
    return () => clearTimeout(timer);
  }, [everyMs]);
  return now;
}

/** Data older than this is marked with its time: the server renews it every 10 minutes. */
const STALE_AFTER_MS = 20 * 60_000;

/**
 * 'Son güncelleme: {time}' when the shipped data is old (the server could not renew it, or the
 * screen is offline and gets no newer config), else null.
 */
export function staleNote(fetchedAt: string, now: number, timeZone: string | undefined, offline = typeof navigator !== 'undefined' && navigator.onLine === false): string | null {
  const at = Date.parse(fetchedAt);
  if (!Number.isFinite(at) || (!offline && now - at <= STALE_AFTER_MS)) return null;
  const sameDay = now - at < 20 * 3600_000;
  const time = zoneFormat(timeZone, 'tr-TR', {
    hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(sameDay ? {} : { day: 'numeric', month: 'long' }),
  }).format(at);
  return `Son güncelleme: ${time}`;
}

/** A zone-relative size: a share of the app's smaller side (the layer is a size container). */
export const cq = (share: number) => `${share}cqmin`;

/**
 * An Intl formatter in the screen's zone, the schedule's default (Europe/Istanbul) for a name the
 * runtime does not know, as the schedule reads it: made once per zone and style, since a clock
 * asks every second.
 */
export function zoneFormat(timeZone: string | undefined, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zone = zoneOrDefault(timeZone);
  const key = `${zone}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  return format;
}
const formats = new Map<string, Intl.DateTimeFormat>();
