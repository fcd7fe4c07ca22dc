import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAYOUT_TEMPLATES, LAYOUT_ZONES_MAX, ZCreateLayoutRequest, ZZoneWrite } from './layouts.js';

// docs/PRODUCT.md#layouts: zones in percent of the screen, two decimals, each inside the screen.

const OUTSIDE = 'Bölge ekranın içinde kalmalıdır';
const pct = (hundredths: number) => hundredths / 100;

/** One axis inside the screen: a start and a length (at least 1 %) whose end is at most 100 %, in hundredths. */
const inside = fc.integer({ min: 0, max: 9_900 }).chain((start) =>
  fc.integer({ min: 100, max: 10_000 - start }).map((length) => [start, length] as const));
/** One axis past the screen's edge, each number on its own in range. */
const past = fc.integer({ min: 1, max: 10_000 }).chain((start) =>
  fc.integer({ min: Math.max(100, 10_001 - start), max: 10_000 }).map((length) => [start, length] as const));

const zone = ([x, width]: readonly [number, number], [y, height]: readonly [number, number]) =>
  ({ name: 'Bölge', x: pct(x), y: pct(y), width: pct(width), height: pct(height) });

const messages = (input: unknown) => {
  const r = ZZoneWrite.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('zone geometry (property)', () => {
  it('accepts every zone with x + width ≤ 100 and y + height ≤ 100 in hundredths, keeping its numbers', () => {
    fc.assert(fc.property(inside, inside, (h, v) => {
      const z = zone(h, v);
      const parsed = ZZoneWrite.parse(z);
      expect([parsed.x, parsed.y, parsed.width, parsed.height]).toEqual([z.x, z.y, z.width, z.height]);
    }), { numRuns: 500 });
  });

  it('refuses every zone reaching past the right or the bottom edge, in Turkish, under the size that does', () => {
    const issues = (input: unknown) => (ZZoneWrite.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    fc.assert(fc.property(fc.oneof(
      fc.tuple(past, inside).map(([h, v]) => [zone(h, v), ['width']] as const),
      fc.tuple(inside, past).map(([h, v]) => [zone(h, v), ['height']] as const),
      fc.tuple(past, past).map(([h, v]) => [zone(h, v), ['width', 'height']] as const),
    ), ([z, fields]) => {
      expect(issues(z)).toEqual(fields.map((f) => [f, OUTSIDE]));
    }), { numRuns: 500 });
  });

  it('refuses a third decimal anywhere', () => {
    fc.assert(fc.property(inside, inside, fc.constantFrom('x', 'y', 'width', 'height'), fc.integer({ min: 1, max: 9 }),
      (h, v, field, thousandth) => {
        const z: Record<string, unknown> = zone(h, v);
        const value = Math.min(Number(z[field]), 99) + thousandth / 1000;
        expect(messages({ ...z, [field]: value }).join(' ')).toMatch(/en fazla iki ondalık basamak olabilir/);
      }), { numRuns: 200 });
  });
});

describe('a layout', () => {
  const whole = { name: 'Bölge', x: 0, y: 0, width: 100, height: 100 };
  it(`has 1 to ${LAYOUT_ZONES_MAX} zones`, () => {
    const zones = (n: number) => Array.from({ length: n }, (_, i) => ({ ...whole, name: `Bölge ${i + 1}` }));
    expect(ZCreateLayoutRequest.safeParse({ name: 'Y', zones: zones(LAYOUT_ZONES_MAX) }).success).toBe(true);
    const many = ZCreateLayoutRequest.safeParse({ name: 'Y', zones: zones(LAYOUT_ZONES_MAX + 1) });
    expect(many.error?.issues[0]?.message).toBe('Bir yerleşimde en fazla 9 bölge olabilir');
    expect(ZCreateLayoutRequest.safeParse({ name: 'Y', zones: [] }).error?.issues[0]?.message).toBe('Lütfen en az bir bölge ekleyiniz');
  });

  it('every template is a valid layout', () => {
    for (const tpl of LAYOUT_TEMPLATES) {
      expect(ZCreateLayoutRequest.safeParse({ name: tpl.name, orientation: tpl.orientation, zones: tpl.zones }).success, tpl.key).toBe(true);
    }
  });
});

describe('zone names', () => {
  it('are unique within a layout, whatever the case: plays and reports tell zones apart by name', () => {
    const zone = (name: string, x: number) => ({ name, x, y: 0, width: 50, height: 100 });
    const r = ZCreateLayoutRequest.safeParse({ name: 'Y', zones: [zone('Ana Bölge', 0), zone('ANA BÖLGE', 50)] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['zones.1.name', 'Bölge adları bir yerleşimde tekrar edemez']]);
    expect(ZCreateLayoutRequest.safeParse({ name: 'Y', zones: [zone('Ana Bölge', 0), zone('Yan Bölge', 50)] }).success).toBe(true);
  });
});
