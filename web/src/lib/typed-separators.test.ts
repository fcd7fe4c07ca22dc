import { describe, expect, it } from 'vitest';
import { withSeparators } from './typed-separators';

/** What the field holds after each key, typed at the end as a user would. */
function typeInto(keys: string, kind: 'date' | 'time'): string[] {
  const seen: string[] = [];
  let value = '';
  for (const key of keys) {
    value = withSeparators(value + key, kind);
    seen.push(value);
  }
  return seen;
}

describe('withSeparators', () => {
  it('puts the dots of a day typed as digits on a numeric keypad', () => {
    expect(typeInto('27112026', 'date')).toEqual(['2', '27.', '27.1', '27.11.', '27.11.2', '27.11.20', '27.11.202', '27.11.2026']);
  });

  it("does not double a dot typed after one that came by itself, and keeps a one-digit day's own", () => {
    expect(typeInto('27.11.2026', 'date').at(-1)).toBe('27.11.2026');
    expect(typeInto('1.12.2026', 'date').at(-1)).toBe('1.12.2026');
    expect(typeInto('1.2.2026', 'date').at(-1)).toBe('1.2.2026');
  });

  it('puts the colon of a time typed as digits, and does not double a typed one', () => {
    expect(typeInto('0930', 'time')).toEqual(['0', '09:', '09:3', '09:30']);
    expect(typeInto('09:30', 'time').at(-1)).toBe('09:30');
    expect(typeInto('9:30', 'time').at(-1)).toBe('9:30');
  });

  it('separates digits pasted at once', () => {
    expect(withSeparators('27112026', 'date')).toBe('27.11.2026');
    expect(withSeparators('2359', 'time')).toBe('23:59');
  });

  it('leaves more digits than a day or a time holds as they are, for the check to refuse', () => {
    expect(withSeparators('271120261', 'date')).toBe('271120261');
    expect(withSeparators('12345', 'time')).toBe('12345');
  });
});
