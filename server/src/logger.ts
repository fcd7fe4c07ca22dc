import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Credentials never reach a log line, wherever a caller put them: the access log writes no
 * headers and masks token-like query parameters (http/observe-requests.ts); these paths catch the
 * rest (docs/OPERATIONS.md#logs).
 */
const REDACT = [
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
  'password', 'adminKey', 'setupToken', 'cardNumber', 'token', 'deviceToken', '*.token', '*.deviceToken',
];

/** `destination`: where the JSON lines go (stdout by default; a test reads them from a stream). */
export function createLogger(level: pino.LevelWithSilent = 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, base: undefined, redact: REDACT }, destination);
}
