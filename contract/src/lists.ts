import { z } from './zod.js';

/**
 * docs/PRODUCT.md#api: a list endpoint answers an array; a reader also accepts an object that
 * wraps the array under the list's key (`{ medias: [...] }`) and reads any other answer as an
 * empty list. This is the one place that tolerance is written (docs/CONTRACT.md#lists); each
 * list answer is `listAnswer(item, key)` beside its item's schema. The items themselves are
 * checked as strictly as anywhere else.
 */
export function listAnswer<T extends z.ZodType>(item: T, key?: string) {
  return z.preprocess((value) => {
    if (Array.isArray(value)) return value;
    if (key && value && typeof value === 'object') {
      const inner = (value as Record<string, unknown>)[key];
      if (Array.isArray(inner)) return inner;
    }
    return [];
  }, z.array(item));
}
