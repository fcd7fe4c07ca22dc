import { describe, expect, it } from 'vitest';
import { createTokenService, InvalidTokenError, TokenExpiredError } from './tokens.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

describe('token service', () => {
  it('verifies what it signed, user and device', async () => {
    const tokens = createTokenService(SECRET, '1h');
    await expect(tokens.verify(await tokens.signUser('u1', 3))).resolves.toEqual({ kind: 'user', sub: 'u1', ver: 3 });
    const device = await tokens.signDevice('d1', 'o1');
    await expect(tokens.verify(device)).resolves.toEqual({ kind: 'device', sub: 'd1', ownerId: 'o1' });
    // A remembered device token still answers the same claims.
    await expect(tokens.verify(device)).resolves.toEqual({ kind: 'device', sub: 'd1', ownerId: 'o1' });
  });

  it('refuses a device token whose payload was altered after the genuine one was verified', async () => {
    const tokens = createTokenService(SECRET, '1h');
    const device = await tokens.signDevice('d1', 'o1');
    await tokens.verify(device);
    const [header, , signature] = device.split('.');
    const forged = Buffer.from(JSON.stringify({ kind: 'device', ownerId: 'someone-else', sub: 'd1', iss: 'pano' })).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses tokens of another secret and garbage', async () => {
    const other = createTokenService('another-secret-of-enough-length-987654321', '1h');
    const tokens = createTokenService(SECRET, '1h');
    await expect(tokens.verify(await other.signDevice('d1', 'o1'))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(tokens.verify('not.a.token')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('tells an expired user token apart', async () => {
    const tokens = createTokenService(SECRET, '-1s');
    await expect(tokens.verify(await tokens.signUser('u1', 0))).rejects.toBeInstanceOf(TokenExpiredError);
  });
});
