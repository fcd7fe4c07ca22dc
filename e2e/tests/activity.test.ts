import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from '../support/axe';
import { MOBILE, snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { layoutProblems } from './layout-checks';
import { call, createPlaylist, createScreen, customerWithPackage, uploadPng } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'activity';

describe("customer: 'Etkinlik Geçmişi'", () => {
  let token = '';
  // A customer who uploaded a poster, made a playlist of it, added a screen and renamed the playlist.
  beforeAll(async () => {
    const c = await customerWithPackage(e2e.server.url);
    const poster = await uploadPng(c, 'Kampanya Afişi', [200, 30, 30]);
    const playlist = await createPlaylist(c, 'Sabah Listesi', [{ media: poster, duration: 10 }]);
    await createScreen(c, 'Lobi Ekranı');
    await call(c.baseUrl, c.token, `/api/playlists/${playlist}`, { method: 'PUT', body: { name: 'Öğle Listesi', mediaItems: [{ media: poster._id, duration: 8 }] } });
    token = c.token;
  });

  it('lists who changed what, filters in the address, downloads a CSV and fits a phone', async () => {
    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/media');
    await page.getByRole('link', { name: 'Etkinlik Geçmişi' }).click();
    await page.waitForURL('**/activity');
    await page.getByRole('heading', { level: 1, name: 'Etkinlik Geçmişi' }).waitFor();
    const rows = page.getByTestId('activity-row');
    await rows.first().waitFor();
    // The 'İşlem' column by the name each cell carries (data-label, shown above it while the table
    // is stacked, as it is at this width), not by its position.
    const whats = await rows.locator('td[data-label="İşlem"]').allTextContents();
    expect(whats.slice(0, 3)).toEqual(['Playlisti düzenledi', 'Ekran ekledi', 'Playlist oluşturdu']);
    expect(await rows.first().textContent()).toContain('Öğle Listesi');
    await snap(page, FLOW, '01-list');
    expect(describeViolations('/activity', await runAxe(page))).toEqual([]);

    await page.getByLabel('Ne değişti').selectOption({ label: 'Playlist' });
    await page.waitForURL('**/activity?action=playlist.');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="activity-row"]').length === 2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV İndir' }).click()]);
    expect(download.suggestedFilename()).toBe('pano-etkinlik-gecmisi.csv');
    const text = (await readFile((await download.path())!)).toString('utf8');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(text).toContain('playlist.update');

    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(layoutProblems, 'body')).toEqual([]);
    await snap(page, FLOW, '02-filtered');
    expect(errors).toEqual([]);
  });
});
