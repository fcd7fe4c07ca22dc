import { z } from './zod.js';

export const ZId = z.string().uuid('Geçersiz kimlik');
export const ZIdParams = z.object({ id: ZId });

/** Dates travel as ISO strings. */
export const ZIsoDate = z.string();

/** Trimmed, non-blank text with a Turkish message naming the field. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `En fazla ${max} karakter girilebilir`);

export const ZOkResponse = z.object({ message: z.string() });
