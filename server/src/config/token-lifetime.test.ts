import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';
import { tokenLifetimeMs } from './token-lifetime.js';

describe('JWT_TTL', () => {
  it('takes a lifetime as jose writes it, 7 days when unset', () => {
    expect(loadConfig({}).jwtTtl).toBe('7d');
    expect(tokenLifetimeMs(loadConfig({ JWT_TTL: '12h' }).jwtTtl)).toBe(12 * 3_600_000);
    expect(tokenLifetimeMs(loadConfig({ JWT_TTL: '30 minutes' }).jwtTtl)).toBe(30 * 60_000);
  });

  // Before, these passed the start and every sign-in then failed (jose threw while signing) or
  // signed a token that had already expired.
  it.each(['7 weeks please', '7dd', 'forever', '0s', '1 day ago', '-2h'])('refuses %j at the start, saying what it must be', (value) => {
    expect(() => loadConfig({ JWT_TTL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_TTL: value })).toThrow(`JWT_TTL=${JSON.stringify(value)}: 0'dan uzun bir süre olmalı (örnek: 7d, 12h, 30m)`);
  });
});
