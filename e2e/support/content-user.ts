import type { Page } from 'playwright-core';
import { apiLogin, apiRegisterAdmin, loginThroughUi, registerThroughUi, uniqueEmail } from './accounts';
import { grantPackage } from './packages';

export type ContentUser = { email: string; token: string; kind: 'customer' | 'admin' };

/**
 * A signed-in user who may use media, playlists and tickers: a customer registered and
 * logged in through the UI who then gets the free-trial package. While the purchase API
 * cannot grant one yet, an admin account (exempt from the package rule) stands in, and
 * the test says so in its output.
 */
export async function signInContentUser(page: Page, baseUrl: string): Promise<ContentUser> {
  const email = uniqueEmail('musteri');
  await registerThroughUi(page, email);
  await loginThroughUi(page, email);
  const token = await apiLogin(baseUrl, email);
  if (await grantPackage({ baseUrl, token, page })) {
    const stored = (await page.evaluate(() => localStorage.getItem('token'))) ?? token;
    return { email, token: stored, kind: 'customer' };
  }
  console.warn('[e2e] the free-trial package could not be granted yet (payments not landed): using an admin account');
  const adminEmail = uniqueEmail('yonetici');
  await apiRegisterAdmin(baseUrl, adminEmail);
  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await page.waitForURL('**/login');
  await loginThroughUi(page, adminEmail, undefined, '/admin/packages');
  const stored = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  return { email: adminEmail, token: stored, kind: 'admin' };
}
