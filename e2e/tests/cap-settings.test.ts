import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInWithToken } from '../support/accounts';
import { DESKTOP, MOBILE, waitBudgetMs } from '../support/browser';
import { useE2E } from '../support/harness';
import { artifactsDir } from '../support/paths';
import { call, createScreen, customerWithPackage, type Customer } from './player-fixtures';
import { stormWarning } from './cap-fixtures';

/**
 * /settings' 'Acil Durum Beslemeleri (CAP)' card in Chromium against the real server
 * (docs/architecture/cap.md): a feed added through the form is polled at once and the card shows
 * what its first read found; a feed whose address fails shows why; colours and the chime saved
 * through the form are what the server keeps and what the page shows again after a reload.
 * The feeds are a local server, so the server under test may fetch 127.0.0.1 (FETCH_ALLOW_PRIVATE).
 */
const e2e = useE2E({ FETCH_ALLOW_PRIVATE: '1' });
const FLOW = 'cap-settings';

/** A CAP 1.2 message for the whole province (no polygon: every screen); the Atom feed carries it without its XML declaration. */
const capMessage = () => stormWarning({ identifier: `IL-FIRTINA-${Date.now()}` }).replace(/^<\?xml[^>]*\?>\s*/, '');
const atomOf = (cap: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>İl uyarıları</title>
  <id>urn:ornek:uyarilar</id>
  <updated>2026-11-29T06:00:00Z</updated>
  <entry><id>urn:ornek:uyari:1</id><title>Fırtına</title><updated>2026-11-29T06:00:00Z</updated>
    <content type="text/xml">${cap}</content></entry>
</feed>`;

let site: Server;
let siteUrl: string;
let customer: Customer;
let page: Page;
let errors: string[];

const card = () => page.getByRole('region', { name: 'Acil Durum Beslemeleri (CAP)' });
const feedOf = (url: string) => card().getByTestId('cap-feed').filter({ hasText: url });
const severity = (name: string) => card().getByRole('group', { name });

async function addFeed(url: string, seconds: string) {
  const form = card().locator('form').filter({ has: page.getByRole('button', { name: 'Besleme Ekle' }) });
  await form.getByLabel('Besleme adresi').fill(url);
  await form.getByLabel('Yoklama aralığı (saniye)').fill(seconds);
  await form.getByRole('button', { name: 'Besleme Ekle' }).click();
  await feedOf(url).waitFor();
}

/** No part of the page reaches past the window's right edge. */
const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The card alone at 1280 and 375 px, for a person to look at; nothing scrolls sideways at either. */
async function shootCard(step: string) {
  const dir = path.join(artifactsDir, FLOW);
  await mkdir(dir, { recursive: true });
  for (const vp of [DESKTOP, MOBILE]) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await sideways(), `${vp.width} px`).toBe(0);
    // The whole page drawn at once, cut to the card: a screenshot of the element scrolls it under the phone's sticky bar.
    const clip = await card().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({ path: path.join(dir, `${step}-${vp.width}.png`), fullPage: true, clip, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

describe("/settings: 'Acil Durum Beslemeleri (CAP)'", () => {
  beforeAll(async () => {
    const atom = atomOf(capMessage());
    site = createServer((req, res) => {
      if (req.url === '/il/uyarilar.atom') {
        res.writeHead(200, { 'Content-Type': 'application/atom+xml; charset=utf-8' }).end(atom);
        return;
      }
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('bakımda');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    customer = await customerWithPackage(e2e.server.url);
    await createScreen(customer, 'Lobi');
    ({ page, errors } = await e2e.newPage());
    await signInWithToken(page, customer.token, '/settings');
    await card().getByText('Henüz besleme yok.').waitFor();
  });
  afterAll(async () => {
    await new Promise((r) => site?.close(r));
  });

  it('adds a feed, shows its first read, and shows why another one fails', async () => {
    const good = `${siteUrl}/il/uyarilar.atom`;
    await addFeed(good, '30');
    // Polled at once by the server; the card asks again until the first poll is in.
    const polls = feedOf(good).getByTestId('cap-feed-polls');
    await expect.poll(() => polls.textContent(), { timeout: waitBudgetMs() }).toMatch(/^Son yoklama: .+ · Son başarılı okuma: .+ · 1 ileti alındı$/);
    expect(await feedOf(good).textContent()).toContain('Her 30 saniyede bir yoklanır');
    expect(await feedOf(good).textContent()).toContain('Tüm ekranlar');
    expect(await feedOf(good).getByTestId('cap-feed-error').count()).toBe(0);

    const bad = `${siteUrl}/kapali.xml`;
    await addFeed(bad, '60');
    await expect.poll(() => feedOf(bad).getByTestId('cap-feed-error').textContent({ timeout: 100 }).catch(() => null), { timeout: waitBudgetMs() }).toBe('Son hata: Adres 500 yanıtı verdi');
    expect(await feedOf(bad).getByTestId('cap-feed-polls').textContent()).toMatch(/Henüz başarıyla okunmadı · 0 ileti alındı$/);

    // The message became an alert on the screens, sent by Pano itself in the feed's name.
    const alerts = await call<{ title: string; createdBy: unknown }[]>(e2e.server.url, customer.token, '/api/alerts');
    expect(alerts.map((a) => [a.title, a.createdBy])).toEqual([['Şiddetli fırtına uyarısı', { kind: 'capFeed', _id: expect.any(String), name: new URL(siteUrl).host }]]);
    await shootCard('01-feeds');
    expect(errors).toEqual([]);
  });

  it('saves colours and the chime, and shows them saved after a reload', async () => {
    const extreme = severity('Olağanüstü');
    await extreme.getByLabel('Arka plan').fill('#7f1d1d');
    await extreme.getByLabel('Yazı').fill('#fef3c7');
    const sample = extreme.getByTestId('cap-colour-sample');
    expect(await sample.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]))
      .toEqual(['rgb(127, 29, 29)', 'rgb(254, 243, 199)']);
    await card().getByRole('checkbox', { name: 'Hemen' }).uncheck();
    await card().getByRole('checkbox', { name: 'Yakında' }).check();
    await card().getByRole('button', { name: 'Kaydet', exact: true }).click();
    await card().getByText('CAP ayarları kaydedildi.').waitFor();

    const saved = await call<{ colours: Record<string, { background: string; textColor: string }>; soundFor: string[] }>(
      e2e.server.url, customer.token, '/api/cap-settings');
    expect(saved.colours.Extreme).toEqual({ background: '#7f1d1d', textColor: '#fef3c7' });
    expect(saved.colours.Severe).toEqual({ background: '#C2410C', textColor: '#FFFFFF' });
    expect(saved.soundFor).toEqual(['Expected']);

    await page.reload();
    await severity('Olağanüstü').waitFor();
    expect(await severity('Olağanüstü').getByLabel('Arka plan').inputValue()).toBe('#7f1d1d');
    expect(await severity('Olağanüstü').getByLabel('Yazı').inputValue()).toBe('#fef3c7');
    expect(await card().getByRole('checkbox', { name: 'Hemen' }).isChecked()).toBe(false);
    expect(await card().getByRole('checkbox', { name: 'Yakında' }).isChecked()).toBe(true);
    await shootCard('02-colours-saved');
    expect(errors).toEqual([]);
  });
});
