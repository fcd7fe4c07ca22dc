import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const count = (origin: unknown) => (origin === 'string' ? ' karakter' : origin === 'array' || origin === 'set' ? ' öğe' : '');

/**
 * Turkish text for the issues a contract schema gives no message of its own (a body that is
 * an array, a number where text belongs, an optional field of the wrong type...). Without it
 * zod's English default ("Invalid input: expected object, received array") reaches people.
 * Messages set in contract/ always win: zod asks this map only when the schema has none.
 */
export function turkishIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (!issue.path?.length) return 'İstek gövdesi geçersiz: bir JSON nesnesi bekleniyordu';
      return issue.input === undefined ? 'Zorunlu bir alan eksik' : 'Geçersiz değer türü';
    case 'too_big':
      return `En fazla ${String(issue.maximum)}${count(issue.origin)} girilebilir`;
    case 'too_small':
      return `En az ${String(issue.minimum)}${count(issue.origin)} girilmelidir`;
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Geçersiz kimlik';
      if (issue.format === 'email') return 'Geçerli bir e-posta adresi girin';
      if (issue.format === 'url') return 'Geçerli bir adres girin';
      return 'Geçersiz biçim';
    case 'invalid_value':
      return 'Geçersiz seçenek';
    case 'unrecognized_keys':
      return 'Tanınmayan alan gönderildi';
    // The general text, for each code named so that one a later zod adds is placed on purpose.
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'custom':
    default:
      return 'Geçersiz değer';
  }
}

/** Once per process; idempotent, so every app instance (and test) may call it. */
export function useTurkishValidationMessages(): void {
  z.config({ customError: turkishIssueMessage });
}
