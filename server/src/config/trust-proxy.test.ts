import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { parseTrustProxy } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const v of ['', 'false', '0']) expect(parseTrustProxy(v)).toBe(false);
  });

  it('takes a hop count or addresses, CIDR ranges and express\'s range names', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseTrustProxy('10.0.0.5, 172.16.0.0/12,loopback, fd00::/8')).toEqual(['10.0.0.5', '172.16.0.0/12', 'loopback', 'fd00::/8']);
  });

  it.each(['true', '*', '11', '10.0.0.0/33', 'nginx', '10.0.0.1/8/1', 'loopback,'])('refuses %j with a message naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY=${JSON.stringify(value)}: 1 ile 10 arasında bir vekil sunucu (proxy) sayısı`);
  });
});
