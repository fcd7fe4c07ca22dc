import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from '../support/axe';
import { DESKTOP, MOBILE, snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { layoutProblems } from './layout-checks';
import { call, createScreen, customerWithPackage } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'screen-location';
/** Where a person reviewing the change looks at the card (beside the e2e/artifacts copies). */
const SHOTS = process.env.LOCATION_SHOTS_DIR ?? '/tmp/shots-location';

type Place = { name: string; latitude: number | null; longitude: number | null };

/** The card at both widths, into SHOTS as <step>-<width>.png. */
async function shoot(page: Page, card: Locator, step: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const vp of [DESKTOP, MOBILE]) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await card.screenshot({ path: path.join(SHOTS, `${step}-${vp.width}.png`), animations: 'disabled' });
    expect(await page.evaluate(layoutProblems, '[data-testid="screen-card"]'), `${step} @${vp.width}px`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** What a map's "copy coordinates" puts on the clipboard, pasted into the field as a person would. */
async function pasteInto(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** A customer with one screen (the free trial's limit), and their dashboard on /screens. */
async function screensPage() {
  const c = await customerWithPackage(e2e.server.url);
  const lobi = await createScreen(c, 'Lobi TV');
  const places = async () => (await call<Place[]>(c.baseUrl, c.token, '/api/screens'))
    .map((s) => [s.name, s.latitude, s.longitude]);
  const { page, context, errors } = await e2e.newPage();
  await context.addInitScript((t) => localStorage.setItem('token', t), c.token);
  const cardOf = (name: string) => {
    const card = page.getByTestId('screen-card').filter({ has: page.getByRole('heading', { name }) });
    return {
      card,
      summary: card.getByTestId('screen-location-summary'),
      open: () => card.locator('summary', { hasText: 'Konum' }).click(),
      latitude: card.getByRole('textbox', { name: `Enlem: ${name}` }),
      longitude: card.getByRole('textbox', { name: `Boylam: ${name}` }),
      save: card.getByRole('button', { name: `Konumu Kaydet: ${name}` }),
    };
  };
  return { c, lobi, places, page, errors, cardOf };
}

describe("a screen's location on its card", () => {
  it('is set by pasting a pair into Enlem, and is kept after a reload', async () => {
    const { places, page, errors, cardOf } = await screensPage();
    await page.goto('/screens');
    const { card, summary, open, latitude, longitude, save } = cardOf('Lobi TV');
    await summary.waitFor();
    expect(await summary.textContent()).toBe('Belirtilmedi');
    // Folded: the card shows one line for it until it is opened.
    expect(await latitude.isVisible()).toBe(false);
    await shoot(page, card, '01-folded');

    await open();
    await latitude.waitFor();
    expect(await card.getByText('Konuma göre acil durum uyarıları (CAP) için.', { exact: false }).isVisible()).toBe(true);
    await pasteInto(latitude, '41.0082, 28.9784');
    expect([await latitude.inputValue(), await longitude.inputValue()]).toEqual(['41.0082', '28.9784']);
    await shoot(page, card, '02-open-filled');
    await save.click();
    await card.getByText('Konum kaydedildi').waitFor();
    await expect.poll(() => summary.textContent()).toBe('41.0082, 28.9784');
    expect(await places()).toEqual([['Lobi TV', 41.0082, 28.9784]]);
    await shoot(page, card, '03-saved');
    await snap(page, FLOW, '03-saved');
    expect(describeViolations('/screens with Konum open', await runAxe(page))).toEqual([]);

    // Saved on the server: a fresh page reads it back.
    await page.reload();
    await summary.waitFor();
    expect(await summary.textContent()).toBe('41.0082, 28.9784');
    expect(errors).toEqual([]);
  });

  it('refuses a latitude out of range under its field, clears with both emptied, reads a decimal comma', async () => {
    const { c, lobi, places, page, errors, cardOf } = await screensPage();
    await call(c.baseUrl, c.token, `/api/screens/${lobi}`, { method: 'PUT', body: { latitude: 41.0082, longitude: 28.9784 } });
    await page.goto('/screens');
    const { card, summary, open, latitude, longitude, save } = cardOf('Lobi TV');
    await expect.poll(() => summary.textContent()).toBe('41.0082, 28.9784');

    await open();
    expect(await latitude.inputValue()).toBe('41.0082');
    await latitude.fill('95');
    await save.click();
    await card.getByText('Enlem -90 ile 90 arasında olmalıdır').waitFor();
    await shoot(page, card, '04-refused');
    expect(await places()).toEqual([['Lobi TV', 41.0082, 28.9784]]);

    await latitude.fill('');
    await longitude.fill('');
    await save.click();
    await expect.poll(() => summary.textContent()).toBe('Belirtilmedi');
    expect(await places()).toEqual([['Lobi TV', null, null]]);

    // Typed on a Turkish keyboard, with decimal commas.
    await latitude.fill('39,92077');
    await longitude.fill('32,85411');
    await save.click();
    await expect.poll(() => summary.textContent()).toBe('39.92077, 32.85411');
    expect(await places()).toEqual([['Lobi TV', 39.92077, 32.85411]]);
    expect(errors).toEqual([]);
  });
});
