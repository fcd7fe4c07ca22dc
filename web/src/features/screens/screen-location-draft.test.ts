import { describe, expect, it } from 'vitest';
import { readPastedPair } from './screen-location-draft';

describe('readPastedPair', () => {
  it.each([
    ['41.0082, 28.9784', { latitude: '41.0082', longitude: '28.9784' }],
    ['41.008200,28.978400', { latitude: '41.008200', longitude: '28.978400' }],
    [' -33.8688 151.2093 ', { latitude: '-33.8688', longitude: '151.2093' }],
    ['40.7128; -74.0060', { latitude: '40.7128', longitude: '-74.0060' }],
  ])('splits %j', (text, pair) => {
    expect(readPastedPair(text)).toEqual(pair);
  });

  // One latitude with a Turkish decimal comma, integers, words: pasted as they are.
  it.each(['41,0082', '41, 28', '41.0082', 'Eminönü, İstanbul', '41.0082, 28.9784, 10.5', '41.0082 ° K'])('leaves %j to the field', (text) => {
    expect(readPastedPair(text)).toBeNull();
  });
});
