import { describe, expect, it } from 'vitest';
import { ZAssignScreenRequest, ZCreateScreenRequest } from './screens.js';

const PAIR = 'Enlem ve boylam birlikte girilmelidir; konumu kaldırmak için ikisini de boş bırakın';
const LAT = 'Enlem -90 ile 90 arasında olmalıdır';
const LON = 'Boylam -180 ile 180 arasında olmalıdır';

/** The first issue's message and where it points, or the parsed location. */
function read(body: object) {
  const r = ZAssignScreenRequest.safeParse(body);
  if (!r.success) return { message: r.error.issues[0]!.message, path: r.error.issues[0]!.path.join('.') };
  return { latitude: r.data.latitude, longitude: r.data.longitude };
}

describe("a screen's location in PUT /api/screens/{id}", () => {
  it.each([
    [{ latitude: 41.0082, longitude: 28.9784 }, 41.0082, 28.9784],
    // The ends of the ranges are places (the poles, the antimeridian).
    [{ latitude: -90, longitude: 180 }, -90, 180],
    [{ latitude: 90, longitude: -180 }, 90, -180],
    // As a form sends it, with a Turkish decimal comma.
    [{ latitude: '41,0082', longitude: ' 28.9784 ' }, 41.0082, 28.9784],
    // At most 6 decimals are kept (about 11 cm), rounded; a rounded-away negative is 0, not -0.
    [{ latitude: 41.00820049, longitude: -28.97840051 }, 41.0082, -28.978401],
    [{ latitude: -0.0000001, longitude: 0 }, 0, 0],
  ])('takes %j as %d, %d', (body, latitude, longitude) => {
    const got = read(body);
    expect(got).toEqual({ latitude, longitude });
    expect(Object.is(got.latitude, -0)).toBe(false);
  });

  it('clears with both null, and leaves it alone when neither is given', () => {
    expect(read({ latitude: null, longitude: null })).toEqual({ latitude: null, longitude: null });
    expect(read({ name: 'Lobi' })).toEqual({ latitude: undefined, longitude: undefined });
  });

  it.each([
    [{ latitude: 41 }, 'longitude'],
    [{ longitude: 29 }, 'latitude'],
    [{ latitude: 41, longitude: null }, 'longitude'],
    [{ latitude: null, longitude: 29 }, 'latitude'],
    [{ latitude: null }, 'longitude'],
    [{ longitude: null }, 'latitude'],
  ])('refuses one coordinate without the other: %j (under %s)', (body, path) => {
    expect(read(body)).toEqual({ message: PAIR, path });
  });

  it.each([
    [{ latitude: 90.000001, longitude: 0 }, LAT],
    [{ latitude: -91, longitude: 0 }, LAT],
    [{ latitude: 0, longitude: 180.5 }, LON],
    [{ latitude: 0, longitude: -181 }, LON],
    [{ latitude: 'kuzey', longitude: 0 }, LAT],
    [{ latitude: '', longitude: 0 }, LAT],
    [{ latitude: '1e1', longitude: 0 }, LAT],
    [{ latitude: true, longitude: 0 }, LAT],
    [{ latitude: 0, longitude: [28] }, LON],
    [{ latitude: 0, longitude: '1.000,5' }, LON],
  ])('refuses %j: %s', (body, message) => {
    expect(read(body)).toMatchObject({ message });
  });
});

describe("a screen's location in POST /api/screens", () => {
  it('is optional, and when given is read by the same rules', () => {
    expect(ZCreateScreenRequest.parse({ name: 'Lobi' })).toEqual({ name: 'Lobi' });
    expect(ZCreateScreenRequest.parse({ name: 'Lobi', latitude: '39,92077', longitude: 32.85411 }))
      .toEqual({ name: 'Lobi', latitude: 39.92077, longitude: 32.85411 });
    expect(ZCreateScreenRequest.safeParse({ name: 'Lobi', latitude: 39.9 }).error?.issues[0]?.message).toBe(PAIR);
    expect(ZCreateScreenRequest.safeParse({ name: 'Lobi', latitude: 39.9, longitude: 200 }).error?.issues[0]?.message).toBe(LON);
  });
});
