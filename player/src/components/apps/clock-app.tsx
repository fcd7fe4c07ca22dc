import { cq, useNow, useOnce, zoneFormat, type AppProps } from './app-common.js';

/** The wall clock of the screen's time zone, its parts by Intl (docs/PRODUCT.md#apps). */
function clockParts(at: number, timeZone: string | undefined) {
  const parts = zoneFormat(timeZone, 'en-GB', { hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hours: part('hour') % 24, minutes: part('minute'), seconds: part('second') };
}

/** '14:05' or '14:05:09' in the screen's zone. */
export function clockTime(at: number, timeZone: string | undefined, seconds: boolean): string {
  const { hours, minutes, seconds: s } = clockParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}${seconds ? `:${two(s)}` : ''}`;
}

/** '27 Kasım 2026 Cuma': the Turkish long date of the screen's zone. */
export function clockDate(at: number, timeZone: string | undefined): string {
  return zoneFormat(timeZone, 'tr-TR', { day: 'numeric', month: 'long', year: 'numeric', weekday: 'long' }).format(at);
}

export default function ClockApp({ app, timeZone, onReady }: AppProps<'clock'>) {
  const now = useNow(1000);
  useOnce(onReady);
  const date = app.showDate ? <div data-testid="clock-date" style={{ fontSize: cq(app.style === 'analog' ? 7 : 9), opacity: 0.85 }}>{clockDate(now, timeZone)}</div> : null;
  return (
    <div style={box}>
      {app.style === 'analog' ? <Dial {...clockParts(now, timeZone)} showSeconds={app.showSeconds} /> : (
        <div data-testid="clock-time" style={{ fontSize: cq(app.showSeconds ? 22 : 30), fontWeight: 600, fontVariantNumeric: 'tabular-nums', letterSpacing: '0.02em' }}>
          {clockTime(now, timeZone, app.showSeconds)}
        </div>
      )}
      {date}
    </div>
  );
}

function Dial({ hours, minutes, seconds, showSeconds }: { hours: number; minutes: number; seconds: number; showSeconds: boolean }) {
  const hand = (deg: number, length: number, width: number, testid: string) => (
    <line data-testid={testid} x1="50" y1="50" x2="50" y2={50 - length} stroke="currentColor" strokeWidth={width} strokeLinecap="round" transform={`rotate(${deg} 50 50)`} />
  );
  return (
    <svg viewBox="0 0 100 100" style={{ width: cq(70), height: cq(70) }} role="img" aria-label={`${hours}:${String(minutes).padStart(2, '0')}`}>
      <circle cx="50" cy="50" r="47" fill="none" stroke="currentColor" strokeWidth="2.5" />
      {Array.from({ length: 12 }, (_, i) => (
        <line key={i} x1="50" y1="7" x2="50" y2={i % 3 === 0 ? 14 : 11} stroke="currentColor" strokeWidth={i % 3 === 0 ? 2.5 : 1.5} transform={`rotate(${i * 30} 50 50)`} />
      ))}
      {hand((hours % 12) * 30 + minutes / 2, 24, 4.5, 'clock-hour')}
      {hand(minutes * 6 + seconds / 10, 35, 3, 'clock-minute')}
      {showSeconds && hand(seconds * 6, 38, 1.2, 'clock-second')}
      <circle cx="50" cy="50" r="2.5" fill="currentColor" />
    </svg>
  );
}

const box: React.CSSProperties = {
  position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
  gap: cq(3), color: '#fff', fontFamily: 'inherit', textAlign: 'center',
};
