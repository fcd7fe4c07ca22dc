import { cq, staleNote, useNow, useDrawable, type AppProps } from './app-common.js';
import { Note } from './stale-note.js';

type Sky = 'clear' | 'partly' | 'cloudy' | 'fog' | 'rain' | 'snow' | 'storm';

/** A WMO weather code (Open-Meteo's `weathercode`) as a Turkish word and a simple picture. */
export function weatherWord(code: number): { word: string; sky: Sky } {
  if (code === 0) return { word: 'Açık', sky: 'clear' };
  if (code === 1) return { word: 'Az bulutlu', sky: 'partly' };
  if (code === 2) return { word: 'Parçalı bulutlu', sky: 'partly' };
  if (code === 3) return { word: 'Kapalı', sky: 'cloudy' };
  if (code === 45 || code === 48) return { word: 'Sisli', sky: 'fog' };
  if (code >= 51 && code <= 57) return { word: 'Çiseleme', sky: 'rain' };
  if (code >= 61 && code <= 67) return { word: 'Yağmurlu', sky: 'rain' };
  if (code >= 71 && code <= 77) return { word: 'Karlı', sky: 'snow' };
  if (code >= 80 && code <= 82) return { word: 'Sağanak yağışlı', sky: 'rain' };
  if (code === 85 || code === 86) return { word: 'Kar sağanağı', sky: 'snow' };
  if (code >= 95) return { word: 'Gök gürültülü fırtına', sky: 'storm' };
  return { word: 'Bulutlu', sky: 'cloudy' };
}

/** 'Cmt' for a 'YYYY-MM-DD' day (a calendar date, read at noon UTC so no zone moves it). */
export function dayName(date: string): string {
  const at = Date.parse(`${date}T12:00:00Z`);
  return Number.isFinite(at) ? new Intl.DateTimeFormat('tr-TR', { weekday: 'short', timeZone: 'UTC' }).format(at) : date;
}

const deg = (n: number) => `${Math.round(n)}°`;

/**
 * The weather the server fetched (docs/PRODUCT.md#apps): the city, the temperature and sky now,
 * and the next three days; 'Son güncelleme' when the data is old. None yet: a calm blank.
 */
export default function WeatherApp({ app, data, timeZone, onReady, onFailed }: AppProps<'weather'>) {
  const now = useNow(60_000);
  const weather = data?.weather;
  useDrawable(Boolean(weather), { onReady, onFailed });
  if (!data || !weather) return null;
  const current = weatherWord(weather.weatherCode);
  const note = staleNote(data.fetchedAt, now, timeZone);
  return (
    <div data-testid="weather-app" style={{
      position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: cq(4),
      background: 'linear-gradient(160deg,#1E3A8A,#0F172A)', color: '#fff', textAlign: 'center',
    }}>
      <div style={{ fontSize: cq(7), fontWeight: 600 }}>{app.city}</div>
      <div style={{ display: 'flex', alignItems: 'center', gap: cq(4) }}>
        <SkyIcon sky={current.sky} size={cq(22)} />
        <div data-testid="weather-now" style={{ fontSize: cq(20), fontWeight: 700 }}>{deg(weather.temperature)}</div>
      </div>
      <div data-testid="weather-word" style={{ fontSize: cq(6) }}>{current.word}</div>
      <div style={{ display: 'flex', gap: cq(7) }}>
        {weather.days.slice(0, 3).map((d) => (
          <div key={d.date} data-testid="weather-day" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', fontSize: cq(4.5) }}>
            <span>{dayName(d.date)}</span>
            <SkyIcon sky={weatherWord(d.weatherCode).sky} size={cq(9)} />
            <span>{deg(d.max)} / {deg(d.min)}</span>
          </div>
        ))}
      </div>
      {note && <Note text={note} />}
    </div>
  );
}

/** Sun, cloud, rain, snow, storm or fog, drawn with a few strokes (no font or image needed offline). */
function SkyIcon({ sky, size }: { sky: Sky; size: string }) {
  const cloud = <path d="M30 70h42a14 14 0 0 0 0-28 20 20 0 0 0-38-4 13 13 0 0 0-4 32z" fill="#E2E8F0" />;
  const sun = (cx: number, cy: number, r: number) => (
    <g stroke="#FACC15" strokeWidth="4" strokeLinecap="round">
      <circle cx={cx} cy={cy} r={r} fill="#FACC15" />
      {Array.from({ length: 8 }, (_, i) => <line key={i} x1={cx} y1={cy - r - 5} x2={cx} y2={cy - r - 11} transform={`rotate(${i * 45} ${cx} ${cy})`} />)}
    </g>
  );
  const drops = (stroke: string, dash?: string) => (
    <g stroke={stroke} strokeWidth="4" strokeLinecap="round" strokeDasharray={dash}>
      <line x1="40" y1="78" x2="36" y2="92" /><line x1="55" y1="78" x2="51" y2="92" /><line x1="70" y1="78" x2="66" y2="92" />
    </g>
  );
  return (
    <svg viewBox="0 0 100 100" style={{ width: size, height: size }} aria-hidden="true" data-sky={sky}>
      {sky === 'clear' && sun(50, 50, 18)}
      {sky === 'partly' && <>{sun(38, 38, 14)}{cloud}</>}
      {(sky === 'cloudy' || sky === 'rain' || sky === 'snow' || sky === 'storm') && cloud}
      {sky === 'rain' && drops('#60A5FA')}
      {sky === 'snow' && drops('#F8FAFC', '1 7')}
      {sky === 'storm' && <path d="M52 72 42 88h10l-6 12 16-18H52l6-10z" fill="#FACC15" />}
      {sky === 'fog' && <g stroke="#CBD5E1" strokeWidth="5" strokeLinecap="round"><line x1="20" y1="40" x2="80" y2="40" /><line x1="14" y1="55" x2="86" y2="55" /><line x1="22" y1="70" x2="78" y2="70" /></g>}
    </svg>
  );
}
