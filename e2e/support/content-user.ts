import type { Page } from 'playwright-core';
import { apiLogin, loginThroughUi, registerThroughUi, uniqueEmail } from './accounts';
import { grantPackage } from './packages';

export type ContentUser = { email: string; token: string };

/**
 * A signed-in customer who may use media, playlists and tickers: registered and logged in
 * through the UI, then given the free-trial package the way a customer gets it (see
 * packages.ts for the strategy).
 */
export async function signInContentUser(page: Page, baseUrl: string): Promise<ContentUser> {
  const email = uniqueEmail('musteri');
  await registerThroughUi(page, email);
  await loginThroughUi(page, email);
  const token = await apiLogin(baseUrl, email);
  if (!(await grantPackage({ baseUrl, token, page }))) {
    throw new Error('the free-trial package could not be granted (purchase API or page not working)');
  }
  const stored = (await page.evaluate(() => localStorage.getItem('token'))) ?? token;
  return { email, token: stored };
}
