import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { ADMIN_KEY } from './server';

export const PASSWORD = 'Parola123!';

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { message: text };
  }
}

/** Fills /register and waits for the redirect to /login. */
export async function registerThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Kayıt Ol' }).click();
  await page.waitForURL('**/login');
}

/** Fills /login; `expectPath` is where the app should land (customers: /packages). */
export async function loginThroughUi(page: Page, email: string, password = PASSWORD, expectPath = '/packages') {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL(`**${expectPath}`);
}

export async function apiRegister(baseUrl: string, email: string, password = PASSWORD) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${JSON.stringify(await json(res))}`);
}

export async function apiLogin(baseUrl: string, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  const body = await json(res);
  if (!res.ok || typeof body.token !== 'string') throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** An admin account via the public admin-register call (the server runs with ADMIN_KEY). */
export async function apiRegisterAdmin(baseUrl: string, email: string, password = PASSWORD) {
  const res = await fetch(`${baseUrl}/api/auth/admin-register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: 'Ayşe', lastName: 'Yönetici', adminKey: ADMIN_KEY }),
  });
  if (!res.ok) throw new Error(`admin-register failed: ${res.status} ${JSON.stringify(await json(res))}`);
}

/** Signs the page in by storing a token, the way the login page does. */
export async function signInWithToken(page: Page, token: string, path: string) {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}
