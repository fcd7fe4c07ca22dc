import { describe, expect, it } from 'vitest';
import { CAP_SEVERITIES, CAP_SETTINGS_DEFAULT } from '@pano/contract';
import { READABLE_CONTRAST, contrastRatio, ratioText } from './cap-contrast';

describe('contrastRatio', () => {
  it('runs from 1 for one colour to 21 for black on white, either way round', () => {
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  });

  it('matches WCAG\'s published figures', () => {
    // #767676 on white is the lightest grey that passes AA: 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(READABLE_CONTRAST);
  });

  it('finds every default pair readable, as the contract promises', () => {
    for (const s of CAP_SEVERITIES) {
      const { background, textColor } = CAP_SETTINGS_DEFAULT.colours[s];
      expect(contrastRatio(background, textColor), s).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    }
  });
});

describe('ratioText', () => {
  it('writes one decimal with a comma, never rounding a failing pair up to 4,5', () => {
    expect(ratioText(21)).toBe('21,0');
    expect(ratioText(4.49)).toBe('4,4');
    expect(ratioText(5.96)).toBe('5,9');
  });
});
