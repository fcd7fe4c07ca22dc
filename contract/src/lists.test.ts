import { describe, expect, it } from 'vitest';
import { z } from './zod.js';
import { listAnswer } from './lists.js';
import { ZMediaListAnswer } from './media.js';

const ZNumbers = listAnswer(z.number(), 'medias');

describe('listAnswer (docs/PRODUCT.md#api)', () => {
  it('accepts an array or a wrapping object and treats anything else as empty', () => {
    expect(ZNumbers.parse([1, 2])).toEqual([1, 2]);
    expect(ZNumbers.parse({ medias: [3] })).toEqual([3]);
    expect(ZNumbers.parse({ other: [3] })).toEqual([]);
    expect(ZNumbers.parse('nope')).toEqual([]);
    expect(ZNumbers.parse(null)).toEqual([]);
    expect(ZNumbers.parse(undefined)).toEqual([]);
  });

  it('without a key, only the array itself', () => {
    expect(listAnswer(z.number()).parse({ medias: [3] })).toEqual([]);
    expect(listAnswer(z.number()).parse([4])).toEqual([4]);
  });

  it('still checks every item', () => {
    expect(ZNumbers.safeParse(['1']).success).toBe(false);
    expect(ZMediaListAnswer.safeParse({ medias: [{ _id: 'not-a-uuid' }] }).success).toBe(false);
  });
});
