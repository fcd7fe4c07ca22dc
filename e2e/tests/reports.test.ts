import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from '../support/axe';
import { MOBILE, snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { call, createScreen, customerWithPackage, uploadPng, type UploadedMedia } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'reports';

/** A paired device showing `screenId`: its token records plays the way the player does. */
async function deviceOn(baseUrl: string, mobileCode: string, screenId: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/devices/pair`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mobileCode, name: 'Lobi cihazı' }),
  });
  if (!res.ok) throw new Error(`pair → ${res.status} ${await res.text()}`);
  const { deviceToken } = (await res.json()) as { deviceToken: string };
  await call(baseUrl, deviceToken, '/api/devices/screen', { method: 'PUT', body: { screenId } });
  return deviceToken;
}

const play = (screenId: string, media: UploadedMedia, startedAt: number, seconds: number) => ({
  id: randomUUID(), screenId, mediaId: media._id, playlistId: null, scheduleId: null,
  startedAt: new Date(startedAt).toISOString(), durationMs: seconds * 1000, outcome: 'completed' as const,
});

describe('customer: Raporlar', () => {
  let token = '';
  // One customer whose screen recorded four plays in the last minutes (inside the default
  // period, the last 7 days, whatever the time of day; not before the device was paired, as
  // the server counts a play only from when its device served the screen): three of a
  // poster, one of a menu.
  beforeAll(async () => {
    const base = e2e.server.url;
    const c = await customerWithPackage(base);
    const poster = await uploadPng(c, 'Kampanya Afişi', [200, 30, 30]);
    const menu = await uploadPng(c, 'Menü Panosu', [30, 160, 60]);
    const screenId = await createScreen(c, 'Lobi Ekranı');
    const device = await deviceOn(base, c.mobileCode, screenId);
    const t0 = Date.now() - 90_000;
    const plays = [
      play(screenId, poster, t0, 10), play(screenId, poster, t0 + 10_000, 10), play(screenId, poster, t0 + 20_000, 10),
      play(screenId, menu, t0 + 30_000, 30),
    ];
    expect(await call(base, device, '/api/devices/plays', { method: 'POST', body: { plays } })).toEqual({ accepted: 4, duplicates: 0 });
    token = c.token;
  });

  async function openReports() {
    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/media');
    await page.getByRole('link', { name: 'Raporlar' }).click();
    await page.waitForURL('**/reports');
    await page.getByTestId('report-row').first().waitFor();
    const cells = (testId: string) => page.getByTestId(testId).evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent)));
    return { page, errors, cells };
  }

  it('shows the plays by media with their total, and downloads them as CSV', async () => {
    const { page, errors, cells } = await openReports();
    expect(await page.title()).toBe('Raporlar · Pano');
    await page.getByRole('heading', { level: 1, name: 'Raporlar' }).waitFor();
    expect(await cells('report-row')).toEqual([
      ['Kampanya Afişi', '3', '30 sn', '%50'],
      ['Menü Panosu', '1', '30 sn', '%50'],
    ]);
    expect(await cells('report-total')).toEqual([['Toplam', '4', '1 dk', '%100']]);
    expect(await page.getByTestId('chart-bar').count()).toBe(2);
    await snap(page, FLOW, '01-by-media');
    expect(describeViolations('/reports', await runAxe(page))).toEqual([]);

    // The file: the same filters, the server's name, the BOM and the Turkish names.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV İndir' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pano-rapor-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString('utf8');
    expect(text).toContain('Kampanya Afişi');
    expect(text).toContain('Menü Panosu');
    expect(errors).toEqual([]);
  });

  it('groups by day, filters by media and period, says when nothing played, and fits a phone', async () => {
    const { page, errors, cells } = await openReports();
    // By day: a column for each of the 7 days, the table only the days with plays.
    await page.getByLabel('Gruplama').selectOption({ label: 'Gün' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-column"]').length === 7);
    const days = await cells('report-row');
    expect(days.length).toBeGreaterThanOrEqual(1);
    expect(days.reduce((n, r) => n + Number(r[1]), 0)).toBe(4);
    expect(await cells('report-total')).toEqual([['Toplam', '4', '1 dk', '%100']]);
    await snap(page, FLOW, '02-by-day');
    expect(describeViolations('/reports by day', await runAxe(page))).toEqual([]);

    // A phone: nothing wider than the screen.
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    // One media only, then a period a year back, when nothing played: the page says so.
    await page.getByLabel('Medya', { exact: true }).selectOption({ label: 'Menü Panosu' });
    await page.waitForFunction(() => document.querySelector('[data-testid="report-total"] td')?.textContent === '1');
    expect(await cells('report-total')).toEqual([['Toplam', '1', '30 sn', '%100']]);
    // Typed day-first, as the page asks: 'GG.AA.YYYY'.
    const yearAgo = new Date(Date.now() - 365 * 86400_000).toISOString().slice(0, 10).split('-').reverse().join('.');
    await page.getByLabel('Başlangıç').fill(yearAgo);
    await page.getByLabel('Bitiş').fill(yearAgo);
    await page.getByText('Bu dönemde oynatma kaydı yok').waitFor();
    await snap(page, FLOW, '03-empty');
    expect(errors).toEqual([]);
  });
});
