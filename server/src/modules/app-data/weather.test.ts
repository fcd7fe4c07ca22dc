import { describe, expect, it } from 'vitest';
import { FORECAST } from './app-data.fixtures.js';
import { forecastUrl, parseForecast } from './weather.js';

describe('the weather API', () => {
  it('asks for the current weather and 3 days in the place\'s own time zone', () => {
    const url = new URL(forecastUrl('https://api.open-meteo.com/v1/forecast?apikey=k', { latitude: 41.0082, longitude: 28.9784 }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      apikey: 'k', latitude: '41.0082', longitude: '28.9784', current: 'temperature_2m,weather_code',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min', timezone: 'auto', forecast_days: '3',
    });
  });

  it('keeps the temperature, the code and each day\'s min, max and code; days without values are left out', () => {
    expect(parseForecast(FORECAST)).toEqual({
      temperature: 14.3, weatherCode: 3,
      days: [
        { date: '2026-11-27', min: 9.8, max: 16.1, weatherCode: 3 },
        { date: '2026-11-28', min: 8.2, max: 13.4, weatherCode: 61 },
        { date: '2026-11-29', min: 7.5, max: 15, weatherCode: 0 },
      ],
    });
    expect(parseForecast({ ...FORECAST, daily: { ...FORECAST.daily, temperature_2m_min: [9.8, null, 7.5] } }).days.map((d) => d.date))
      .toEqual(['2026-11-27', '2026-11-29']);
    expect(() => parseForecast({ error: true, reason: 'Latitude must be in range' })).toThrow();
  });
});
