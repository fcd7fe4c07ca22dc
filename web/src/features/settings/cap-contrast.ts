/*
 * WCAG 2's contrast ratio of two '#rrggbb' colours, for the CAP colours' swatches: an alert must
 * be read across a room, and the defaults are each at least 4.5:1 (docs/architecture/cap.md).
 */

/** What WCAG 2.x asks of normal text (AA). */
export const READABLE_CONTRAST = 4.5;

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** From 1 (the same colour) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** 4.5 → '4,5': one decimal, rounded down so a pair just under 4.5 never reads as '4,5'. */
export const ratioText = (ratio: number): string => (Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',');
