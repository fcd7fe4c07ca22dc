import { describe, expect, it } from 'vitest';
import { ZTickerDraft, emptyDraft, toRequest, validateNewText, type TickerDraft } from './ticker-draft';

/** The message the form shows for a draft that cannot be sent, or null. */
const refusal = (d: TickerDraft) => ZTickerDraft.safeParse(d).error?.issues[0]?.message ?? null;

describe('ticker draft rules (docs/PRODUCT.md#ticker)', () => {
  it('starts at Normal speed (3)', () => {
    expect(emptyDraft().speed).toBe(3);
  });
  it('refuses a blank text', () => {
    expect(validateNewText('  ')).toBe('Lütfen bir metin girin');
    expect(validateNewText('Hoş geldiniz')).toBeNull();
  });
  it('needs a name and at least one text', () => {
    const msg = 'Lütfen playlist adı girin ve en az bir yazı ekleyin';
    expect(refusal({ name: '', speed: 3, texts: ['a'] })).toBe(msg);
    expect(refusal({ name: 'Duyuru', speed: 3, texts: [] })).toBe(msg);
    expect(refusal({ name: 'Duyuru', speed: 3, texts: ['a'] })).toBeNull();
  });
  it('builds the request with trimmed texts', () => {
    expect(toRequest({ name: ' Duyuru ', speed: 5, texts: [' a ', 'b'] })).toEqual({
      name: 'Duyuru', speed: 5, directions: [{ text: 'a' }, { text: 'b' }],
    });
  });
});
