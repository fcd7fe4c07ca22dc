import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration';

describe('parseDuration (docs/PRODUCT.md#playlists: min 1, default 5, non-numeric → 5)', () => {
  it('keeps whole seconds', () => {
    expect(parseDuration('12')).toBe(12);
    expect(parseDuration(7)).toBe(7);
  });
  it('falls back to 5 for non-numeric or empty input', () => {
    expect(parseDuration('abc')).toBe(5);
    expect(parseDuration('')).toBe(5);
    expect(parseDuration(undefined)).toBe(5);
    expect(parseDuration(Number.NaN)).toBe(5);
  });
  it('raises values below 1 to 1 and rounds fractions', () => {
    expect(parseDuration('0')).toBe(1);
    expect(parseDuration('-4')).toBe(1);
    expect(parseDuration('2,6')).toBe(3);
  });
  it('caps at the server maximum (24 h)', () => {
    expect(parseDuration('999999')).toBe(86_400);
  });
});
