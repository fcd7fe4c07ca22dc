import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE, snap } from '../support/browser';
import { PASSWORD, loginThroughUi, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';

const e2e = useE2E();

/** The path and query of the one link the server printed at its first start (no admin yet). */
function printedSetupLink(): string {
  const links = [...e2e.server.output().matchAll(/https?:\/\/\S+(\/register-admin\?setup=[\w-]+)/g)].map((m) => m[1]!);
  expect(links).toHaveLength(1);
  return links[0]!;
}

async function fillSetupForm(page: Page, email: string) {
  await page.getByLabel('Ad', { exact: true }).fill('İlk');
  await page.getByLabel('Soyad').fill('Yönetici');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Şifre').fill(PASSWORD);
  await page.getByRole('button', { name: 'Admin Hesabı Oluştur' }).click();
}

describe('the first admin, from the link the first start prints', () => {
  it('asks for no admin key, creates the admin, and the admin signs in', async () => {
    const { page, errors } = await e2e.newPage();
    const email = uniqueEmail('ilk-admin');
    await page.goto(printedSetupLink());
    await page.getByText('admin anahtarı gerekmez').waitFor();
    await page.getByText('Bu kurulum bağlantısı tek kullanımlıktır; ilk yönetici hesabı oluşturulunca geçersiz olur.').waitFor();
    expect(await page.getByLabel('Admin Anahtarı').count()).toBe(0);
    await snap(page, 'first-admin', '01-setup-link-form');

    await fillSetupForm(page, email);
    await page.getByText('Admin Hesabı Oluşturuldu!').waitFor();
    await snap(page, 'first-admin', '02-created');
    await page.waitForURL('**/login');
    await loginThroughUi(page, email, PASSWORD, '/admin/packages');
    expect(errors).toEqual([]);
  });

  it('the used link is refused with the Turkish reason, and makes no second admin', async () => {
    const { page } = await e2e.newPage(MOBILE);
    const email = uniqueEmail('ikinci-admin');
    await page.goto(printedSetupLink());
    await fillSetupForm(page, email);
    await expect(page.getByRole('alert').textContent()).resolves
      .toBe('Bu kurulum bağlantısı geçersiz ya da kullanılmış. İlk yönetici hesabı oluşturulduysa giriş yapın.');
    await snap(page, 'first-admin', '03-used-link');
    const login = await fetch(`${e2e.server.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(401);
  });
});
