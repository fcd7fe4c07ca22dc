import { describe, expect, it } from 'vitest';
import { MOBILE, snap } from '../support/browser';
import { apiLogin, apiRegister, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { buyPackage, call } from './dashboard-support';

const e2e = useE2E();
const FLOW = 'alerts';

describe('customer: Acil Duyuru', () => {
  it('sends an alert to a group through the form, sees it active with 0 / N confirmed, and ends it', async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('acil');
    await apiRegister(base, email);
    const token = await apiLogin(base, email);
    await buyPackage(base, token, 'Başlangıç');
    const post = <T>(path: string, body: unknown) => call<T>(base, token, path, { method: 'POST', body });
    const first = await post<{ _id: string }>('/api/screens', { name: 'Koridor A', status: 'active' });
    const second = await post<{ _id: string }>('/api/screens', { name: 'Koridor B', status: 'active' });
    await post('/api/screen-groups', { name: '3. kat', screenIds: [first._id, second._id] });

    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/media');
    await page.getByRole('link', { name: 'Acil Duyuru' }).click();
    await page.waitForURL('**/alerts');
    await page.getByRole('heading', { name: 'Acil Duyuru', level: 1 }).waitFor();
    expect(await page.title()).toBe('Acil Duyuru · Pano');

    const form = page.getByRole('region', { name: 'Duyuru Gönder' });
    await form.getByLabel('Başlık').fill('Kod Mavi — 3. kat');
    await form.getByLabel('Duyuru metni').fill('Ekip 3. kata');
    await form.getByRole('checkbox', { name: 'Tüm ekranlar' }).uncheck();
    await form.getByRole('checkbox', { name: '3. kat' }).check();
    await snap(page, FLOW, '01-form');
    await form.getByRole('button', { name: 'Gönder' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Gönder' }).click();

    const active = page.getByTestId('alert-active').filter({ hasText: 'Kod Mavi — 3. kat' });
    await active.waitFor();
    expect(await active.textContent()).toContain('0 / 2 ekran onayladı');
    await page.getByTestId('alert-progress').getByText('0 / 2 ekran onayladı').waitFor();
    await snap(page, FLOW, '02-active');
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    await active.getByRole('button', { name: 'Bitir: Kod Mavi — 3. kat' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Bitir' }).click();
    await page.getByTestId('alert-history').filter({ hasText: 'Kod Mavi — 3. kat' }).waitFor();
    expect(await page.getByTestId('alert-active').count()).toBe(0);
    const alerts = await call<{ active: boolean; endedBy: { kind: string } | null }[]>(base, token, '/api/alerts');
    expect(alerts).toMatchObject([{ active: false, endedBy: { kind: 'user' } }]);
    expect(errors).toEqual([]);
  });

  it('creates an API key on /settings, shows its secret once, and the key can send an alert', async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('anahtar');
    await apiRegister(base, email);
    const token = await apiLogin(base, email);
    await buyPackage(base, token, 'Başlangıç');
    await call(base, token, '/api/screens', { method: 'POST', body: { name: 'Lobi', status: 'active' } });
    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'API Anahtarları' });
    await card.getByLabel('Anahtar adı').fill('Yangın paneli');
    await card.getByRole('button', { name: 'Anahtar Oluştur' }).click();
    const secret = card.getByTestId('api-key-secret');
    const key = (await secret.locator('code').textContent()) ?? '';
    expect(key.startsWith('pano_')).toBe(true);
    await card.getByTestId('api-key').filter({ hasText: 'Yangın paneli' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await snap(page, FLOW, '04-api-key');
    await card.getByRole('button', { name: 'Kaydettim, kapat' }).click();
    expect(await card.textContent()).not.toContain(key);

    const res = await fetch(`${base}/api/alerts`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Tatbikat', message: 'Deneme', all: true }),
    });
    expect(res.status).toBe(201);
    expect(errors).toEqual([]);
  });
});
