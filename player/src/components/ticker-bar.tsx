import { useEffect, useRef, type ReactNode } from 'react';
import type { TDisplaySettings } from '@pano/contract';
import { scrollStrip } from '../playback/ticker-motion.js';

type Props = { texts: string[]; speed: number; settings: TDisplaySettings };

/**
 * The scrolling text bar. The texts are rendered twice (each followed by a 5em gap) and
 * the strip is moved by a transform animation (playback/ticker-motion.ts `scrollStrip`), so
 * scrolling never re-renders React.
 */
export function TickerBar({ texts, speed, settings }: Props) {
  const stripRef = useRef<HTMLDivElement>(null);
  const copyRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<ReturnType<typeof scrollStrip> | null>(null);
  const speedRef = useRef(speed);
  const textKey = texts.join('\u0000');

  useEffect(() => {
    const scroll = scrollStrip(stripRef.current!, speedRef.current);
    scrollRef.current = scroll;
    const measure = () => scroll.retime({ width: copyRef.current?.offsetWidth ?? 0 });
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(copyRef.current!);
    return () => {
      scroll.stop();
      observer?.disconnect();
    };
  }, [textKey, settings.fontSize]);

  // A new speed goes on from where the text is.
  useEffect(() => {
    if (speedRef.current === speed) return;
    speedRef.current = speed;
    scrollRef.current?.retime({ speed });
  }, [speed]);

  const copy = (ref?: React.Ref<HTMLDivElement>) => (
    <div ref={ref} style={copyStyle} aria-hidden={ref ? undefined : true}>
      {texts.map((text, i) => (
        <span key={i} style={{ paddingRight: '5em' }}>{text}</span>
      ))}
    </div>
  );

  return (
    <div
      data-testid="ticker-bar"
      style={{
        position: 'absolute', left: 0, right: 0, bottom: 0, overflow: 'hidden',
        height: settings.barHeight, background: settings.backgroundColor, color: settings.textColor,
        fontSize: settings.fontSize, lineHeight: `${settings.barHeight}px`, whiteSpace: 'nowrap',
      }}
    >
      {/* A layer of its own, which its transform animation moves; React never writes its transform. */}
      <div ref={stripRef} data-testid="ticker-strip" style={{ display: 'flex', height: '100%', willChange: 'transform' }}>
        {copy(copyRef)}
        {copy()}
      </div>
    </div>
  );
}

// A copy at least as wide as the screen keeps short texts seamless too.
const copyStyle: React.CSSProperties = { flex: 'none', minWidth: '100vw', display: 'flex' };

/**
 * A ticker filling a whole area (a layout's ticker zone, an rss app in ticker style): the bar's
 * background over the area, the bar at its own height across the middle, and whatever else the
 * area shows (a note) above it.
 */
export function CentredTicker({ testId, children, ...bar }: Props & { testId: string; children?: ReactNode }) {
  return (
    <div data-testid={testId} style={{ position: 'absolute', inset: 0, background: bar.settings.backgroundColor }}>
      {children}
      <div style={{ position: 'absolute', left: 0, right: 0, top: '50%', height: bar.settings.barHeight, transform: 'translateY(-50%)' }}>
        <TickerBar {...bar} />
      </div>
    </div>
  );
}
