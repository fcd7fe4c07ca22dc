import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: the code is read off a screen and typed on a TV remote or phone. */
export const MOBILE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const MOBILE_CODE_LENGTH = 8;

export function generateMobileCode(): string {
  let code = '';
  for (let i = 0; i < MOBILE_CODE_LENGTH; i++) code += MOBILE_CODE_ALPHABET[randomInt(MOBILE_CODE_ALPHABET.length)];
  return code;
}
