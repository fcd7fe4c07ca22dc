// Requests valid but for one date outside 1970-9999 (contract/src/dates.ts): malformed
// fields fail validation before a date could reach PostgreSQL, so these keep everything else
// right. Year 0 passed zod and JavaScript and PostgreSQL refused it (issue #21): a 500.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { MalformedRequest } from './malformed-requests.js';
import type { RouteEntry } from './route-table.js';

/** Days and instants no request may carry; an instant counts in UTC. */
const badDay = fc.constantFrom('0000-01-01', '0000-02-29', '0001-01-01', '0100-03-01', '1969-12-31');
const badInstant = fc.oneof(
  badDay.map((d) => `${d}T00:00:00Z`),
  fc.constantFrom('0001-01-01T00:00:00+14:00', '1970-01-01T02:59:59+03:00', '9999-12-31T23:00:00-05:00', '0000-12-31T23:59:59.999Z'),
);

/** The fuzzing customer's real rows a valid request names (its device shows `screen`). */
export type DatedIds = { screen: string; media: string; playlist: string };

export function outOfRangeDateArb(routes: RouteEntry[], ids: DatedIds): fc.Arbitrary<MalformedRequest> {
  const route = (method: string, path: string) => {
    const found = routes.find((r) => r.method === method && r.path === path);
    if (!found) throw new Error(`no route ${method} ${path}`);
    return found;
  };
  const request = (r: RouteEntry, actor: MalformedRequest['actor'], query: string, json?: object): MalformedRequest => ({
    actor, route: r, ids: [{ kind: 'own' }], query,
    body: json ? { kind: 'json', contentType: 'application/json', text: JSON.stringify(json) } : { kind: 'none' },
  });
  const schedule = (dates: object) => ({
    name: 'Gece', playlist: ids.playlist, screens: [ids.screen], days: [1, 2], startTime: '22:00', endTime: '23:00', ...dates,
  });
  const scheduleDates = fc.oneof(
    badDay.map((d) => ({ startDate: d })),
    badDay.map((d) => ({ startDate: '2026-01-01', endDate: d })),
    badDay.map((d) => ({ exceptDates: ['2026-05-01', d] })),
  );
  const play = (startedAt: string) => ({
    plays: [{ id: randomUUID(), screenId: ids.screen, mediaId: ids.media, playlistId: null, scheduleId: null, startedAt, durationMs: 10_000, outcome: 'completed' }],
  });
  return fc.oneof(
    badInstant.map((at) => request(route('GET', '/api/screens/:id/now'), 'customer', `?at=${encodeURIComponent(at)}`)),
    badInstant.map((at) => request(route('GET', '/api/screens/now'), 'customer', `?at=${encodeURIComponent(at)}`)),
    fc.tuple(badDay, fc.boolean()).map(([d, both]) => request(route('GET', '/api/reports/plays'), 'customer', both ? `?from=${d}&to=${d}` : `?from=${d}`)),
    badInstant.map((at) => request(route('POST', '/api/devices/plays'), 'device', '', play(at))),
    scheduleDates.map((d) => request(route('POST', '/api/schedules'), 'customer', '', schedule(d))),
    scheduleDates.map((d) => request(route('PUT', '/api/schedules/:id'), 'customer', '', schedule(d))),
  );
}
