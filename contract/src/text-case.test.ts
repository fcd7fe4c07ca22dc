import { describe, expect, it } from 'vitest';
import { compareTr, initialTr, lowerTr, upperTr } from './text-case.js';

describe('Turkish case rules', () => {
  it("upper-cases i to İ and ı to I (not the default rule's I)", () => {
    expect(upperTr('ilker ışık')).toBe('İLKER IŞIK');
    expect(initialTr('ilker')).toBe('İ');
    expect(initialTr('ılgaz')).toBe('I');
    expect(initialTr('  çağla')).toBe('Ç');
  });

  it('lower-cases I to ı and İ to i', () => {
    expect(lowerTr('IŞIK İZMİR')).toBe('ışık izmir');
  });

  it('keeps a character outside the BMP whole and gives an empty initial for an empty name', () => {
    expect(initialTr('😀 Ekip')).toBe('😀');
    expect(initialTr('')).toBe('');
  });

  it('sorts by the Turkish alphabet', () => {
    expect(['Dal', 'Çay', 'Cam', 'İnci', 'Irmak', 'Şeker', 'Su'].sort(compareTr))
      .toEqual(['Cam', 'Çay', 'Dal', 'Irmak', 'İnci', 'Su', 'Şeker']);
  });
});
