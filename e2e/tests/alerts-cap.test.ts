import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser';
import { signInWithToken } from '../support/accounts';
import { useE2E } from '../support/harness';
import { stormWarning } from './cap-fixtures';
import { assign, call, createPlaylist, createScreen, customerWithPackage, pairPlayer, uploadPng, waitForVisible, type Customer, type UploadedMedia } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'alerts-cap';
const run = promisify(execFile);

const POLYGON = '41.00,28.96 41.00,28.99 41.02,28.99 41.02,28.96 41.00,28.96';
/** The storm warning for a polygon around Sultanahmet, with what to do. */
const cap = (identifier: string, msgType: 'Alert' | 'Cancel', references?: string) =>
  stormWarning({ identifier, msgType, references, polygon: POLYGON, instruction: 'Açık alanlardan uzak durun, pencerelerden uzaklaşın.' });

/** What a building system does: curl with the key and the message as the body. */
async function curlCap(baseUrl: string, key: string, xml: string): Promise<{ outcome: string; alert: { _id: string } | null; screens: { name: string }[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pano-cap-'));
  const file = path.join(dir, 'message.xml');
  await writeFile(file, xml);
  const { stdout } = await run('curl', [
    '-sS', '--fail-with-body', '-X', 'POST', `${baseUrl}/api/alerts/cap`,
    '-H', `Authorization: Bearer ${key}`, '-H', 'Content-Type: application/cap+xml', '--data-binary', `@${file}`,
  ]);
  return JSON.parse(stdout) as { outcome: string; alert: { _id: string } | null; screens: { name: string }[] };
}

// Issue #27: a CAP message posted with curl by a key takes over the player of the screen inside
// its polygon, the dashboard shows it confirmed, a CAP Cancel ends it. (Screens outside an area:
// server/src/modules/cap/cap.routes.test.ts.)
describe('CAP 1.2 end to end: curl, player takeover, confirmation, Cancel', () => {
  let c: Customer;
  let key: string;
  let image: UploadedMedia;
  let player: Page;
  let playerErrors: string[];
  let alertId: string;

  beforeAll(async () => {
    c = await customerWithPackage(e2e.server.url);
    image = await uploadPng(c, 'yeşil', [22, 163, 74]);
    const playlist = await createPlaylist(c, 'Lobi', [{ media: image, duration: 30 }]);
    const inside = await createScreen(c, 'Sultanahmet lobi');
    await assign(c, inside, playlist);
    await call(c.baseUrl, c.token, `/api/screens/${inside}`, { method: 'PUT', body: { latitude: 41.0086, longitude: 28.9802 } });
    key = (await call<{ key: string }>(c.baseUrl, c.token, '/api/api-keys', { method: 'POST', body: { name: 'AFAD beslemesi', scopes: ['alerts'] } })).key;
    const opened = await e2e.newPage();
    player = opened.page;
    playerErrors = opened.errors;
    await pairPlayer(player, c.mobileCode, 'Sultanahmet lobi', image.filePath);
  });

  it('the Alert posted with curl reaches the screen inside its polygon and takes over its player', async () => {
    const answer = await curlCap(c.baseUrl, key, cap('TR-2026-1', 'Alert'));
    expect(answer.outcome).toBe('started');
    expect(answer.screens.map((s) => s.name)).toEqual(['Sultanahmet lobi']);
    alertId = answer.alert!._id;
    const overlay = player.getByTestId('alert-overlay');
    await overlay.waitFor({ timeout: 5000 });
    expect(await overlay.getAttribute('data-alert-id')).toBe(alertId);
    expect(await overlay.getByRole('heading', { level: 1 }).textContent()).toBe('Şiddetli fırtına uyarısı');
    expect(await overlay.textContent()).toContain('Açık alanlardan uzak durun');
    await snap(player, FLOW, '01-player-cap-alert');
  });

  it('the dashboard shows it confirmed by the screen', async () => {
    const { page } = await e2e.newPage();
    await signInWithToken(page, c.token, '/alerts');
    await page.getByRole('heading', { name: 'Acil Duyuru', level: 1 }).waitFor();
    const active = page.getByTestId('alert-active').filter({ hasText: 'Şiddetli fırtına uyarısı' });
    await active.getByText('1 / 1 ekran onayladı', { exact: false }).waitFor({ timeout: 10_000 });
    expect(await active.textContent()).toContain('AFAD beslemesi');
    await snap(page, FLOW, '02-dashboard-confirmed');
  });

  it('the same message again changes nothing; a CAP Cancel ends it and the player is back on its playlist', async () => {
    expect((await curlCap(c.baseUrl, key, cap('TR-2026-1', 'Alert'))).outcome).toBe('duplicate');
    const cancel = await curlCap(c.baseUrl, key, cap('TR-2026-2', 'Cancel', 'uyari@ornek-valilik.gov.tr,TR-2026-1,2026-11-29T09:00:00+03:00'));
    expect(cancel.outcome).toBe('ended');
    await player.getByTestId('alert-overlay').waitFor({ state: 'detached', timeout: 5000 });
    await waitForVisible(player, image.filePath, 5000);
    const detail = await call<{ active: boolean; endedBy: { name: string } | null }>(c.baseUrl, c.token, `/api/alerts/${alertId}`);
    expect(detail).toMatchObject({ active: false, endedBy: { name: 'AFAD beslemesi' } });
    expect(playerErrors).toEqual([]);
  });
});
