import type { TWeather } from '@pano/contract';
import { z } from 'zod';

/*
 * The weather app asks an Open-Meteo-compatible forecast API (WEATHER_API_URL) for the current
 * temperature and weather code and 3 days of minimum, maximum and code, in the place's own
 * time zone (`timezone=auto`), so the days are the place's days (docs/PRODUCT.md#apps).
 */

const FORECAST_DAYS = 3;

/** The forecast request for a place. */
export function forecastUrl(apiUrl: string, place: { latitude: number; longitude: number }): string {
  const url = new URL(apiUrl);
  url.searchParams.set('latitude', String(place.latitude));
  url.searchParams.set('longitude', String(place.longitude));
  url.searchParams.set('current', 'temperature_2m,weather_code');
  url.searchParams.set('daily', 'weather_code,temperature_2m_max,temperature_2m_min');
  url.searchParams.set('timezone', 'auto');
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  return url.href;
}

const num = z.number().finite();
const series = z.array(num.nullable());
const ZForecast = z.object({
  current: z.object({ temperature_2m: num, weather_code: num.int() }),
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    weather_code: series,
    temperature_2m_max: series,
    temperature_2m_min: series,
  }),
});

/** The API's answer as the app keeps it; throws (zod) when it is not a forecast. */
export function parseForecast(json: unknown): TWeather {
  const f = ZForecast.parse(json);
  const days: TWeather['days'] = [];
  f.daily.time.forEach((date, i) => {
    const min = f.daily.temperature_2m_min[i];
    const max = f.daily.temperature_2m_max[i];
    const code = f.daily.weather_code[i];
    // A day the model has no value for is left out rather than shown as 0°.
    if (min == null || max == null || code == null || !Number.isInteger(code)) return;
    days.push({ date, min, max, weatherCode: code });
  });
  return { temperature: f.current.temperature_2m, weatherCode: f.current.weather_code, days: days.slice(0, FORECAST_DAYS) };
}
