import type { Page } from 'playwright-core';
import { waitBudgetMs } from './browser';

/**
 * How a test customer gets a running package. `purchase-page` (default) clicks
 * 'Ücretsiz Denemeyi Başlat' on /purchase/<free trial>, as a customer does;
 * `free-trial-api` buys the price-0 package through the purchase API ({completed:true}),
 * for tests that don't need the UI path. Nothing is ever written to the database behind
 * the app's back. Choose with E2E_PACKAGE_STRATEGY.
 */
export type PackageStrategy = 'free-trial-api' | 'purchase-page';

const strategy = (process.env.E2E_PACKAGE_STRATEGY as PackageStrategy | undefined) ?? 'purchase-page';

async function authed(baseUrl: string, token: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
}

async function freeTrialPackageId(baseUrl: string, token: string): Promise<string | null> {
  const res = await authed(baseUrl, token, '/api/packages');
  if (!res.ok) return null;
  const list = (await res.json()) as { _id: string; price: number }[];
  return list.find((p) => Number(p.price) === 0)?._id ?? null;
}

async function viaApi(baseUrl: string, token: string): Promise<boolean> {
  const packageId = await freeTrialPackageId(baseUrl, token);
  if (!packageId) return false;
  const res = await authed(baseUrl, token, '/api/purchase/create-payment-intent', {
    method: 'POST', body: JSON.stringify({ packageId }),
  });
  if (!res.ok) return false;
  const body = (await res.json()) as { completed?: boolean };
  return body.completed === true;
}

async function viaPurchasePage(page: Page, baseUrl: string, token: string): Promise<boolean> {
  const packageId = await freeTrialPackageId(baseUrl, token);
  if (!packageId) return false;
  await page.goto(`/purchase/${packageId}`);
  // The payments engineer's page decides the exact steps; a free trial needs no card.
  const buy = page.getByRole('button', { name: /Ücretsiz Denemeyi Başlat/ });
  if (!(await buy.waitFor({ timeout: waitBudgetMs() }).then(() => true, () => false))) return false;
  await buy.click();
  await page.waitForURL('**/settings', { timeout: waitBudgetMs() }).catch(() => undefined);
  return (await authed(baseUrl, token, '/api/media')).status !== 402;
}

/** True when the customer now has a running package; false when payments cannot grant one yet. */
export async function grantPackage(opts: { baseUrl: string; token: string; page?: Page }): Promise<boolean> {
  if (strategy === 'purchase-page' && opts.page) return viaPurchasePage(opts.page, opts.baseUrl, opts.token);
  return viaApi(opts.baseUrl, opts.token);
}
