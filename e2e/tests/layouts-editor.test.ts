import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, apiRegister, signInWithToken, uniqueEmail } from '../support/accounts';
import { describeViolations, runAxe } from '../support/axe';
import { DESKTOP, MOBILE, snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { buyPackage, call, createPlaylistWithImage } from './dashboard-support';

/**
 * The layout editor in Chromium against the real server (docs/PRODUCT.md#layouts): a zone moved
 * and resized with the mouse and with the keyboard, numbers typed, content picked, saved; the
 * API then holds exactly what the editor showed. One customer walks the steps in order.
 */
const e2e = useE2E();
const FLOW = 'layouts';
const LAYOUT = 'Lobi Yerleşimi';

type Rect = { x: number; y: number; width: number; height: number };
type Layout = { _id: string; name: string; zones: (Rect & { name: string; playlist: { name: string } | null; directionPlaylist: { name: string } | null })[] };

let page: Page;
let errors: string[];
let token: string;
let gone: string; // a playlist removed behind the editor's back
const editorShowed: Record<string, Rect> = {};

const zoneOnCanvas = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}: .*, soldan %`) });
/** The rectangle the canvas announces for a zone: 'Ana Bölge: Lobi Döngüsü, soldan %20, üstten %15, …'. */
async function announced(zone: Locator): Promise<Rect> {
  const label = (await zone.getAttribute('aria-label')) ?? '';
  const n = [...label.matchAll(/%(-?[\d.]+)/g)].map((m) => Number(m[1]));
  return { x: n[0]!, y: n[1]!, width: n[2]!, height: n[3]! };
}
/** The exact-number fields of the zone chosen in the editor. */
async function fields(): Promise<Rect> {
  const v = async (label: string) => Number((await page.getByLabel(label, { exact: true }).inputValue()).replace(',', '.'));
  return { x: await v('Soldan (%)'), y: await v('Üstten (%)'), width: await v('Genişlik (%)'), height: await v('Yükseklik (%)') };
}
async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
/** A mouse drag from the middle of `from` by (dx, dy) pixels, in a few steps as a hand moves. */
async function drag(from: Locator, dx: number, dy: number) {
  const b = await box(from);
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 });
  await page.mouse.move(x + dx, y + dy, { steps: 3 });
  await page.mouse.up();
}

describe('layouts: the editor builds an L-shaped layout, saves it, and a screen shows it', () => {
  beforeAll(async () => {
    const base = e2e.server.url;
    const email = uniqueEmail('yerlesim');
    await apiRegister(base, email);
    token = await apiLogin(base, email);
    await buyPackage(base, token, 'Profesyonel'); // three playlists: the free trial allows two
    await createPlaylistWithImage(base, token, 'Lobi Döngüsü');
    await createPlaylistWithImage(base, token, 'Menü');
    gone = await createPlaylistWithImage(base, token, 'Silinecek Liste');
    await call(base, token, '/api/direction-playlists', { method: 'POST', body: { name: 'Duyurular', speed: 3, directions: [{ text: 'Hoş geldiniz' }] } });
    await call(base, token, '/api/screens', { method: 'POST', body: { name: 'Lobi TV', status: 'active' } });
    ({ page, errors } = await e2e.newPage());
    await signInWithToken(page, token, '/layouts');
  });

  it("'Yeni Yerleşim' starts from the L-shape template with its three zones", async () => {
    await page.getByRole('heading', { name: 'Yerleşimler', level: 1 }).waitFor();
    await page.getByText('Henüz yerleşim bulunmuyor').waitFor();
    await snap(page, FLOW, '01-layouts-empty');
    await page.getByRole('button', { name: 'Yeni Yerleşim' }).click();
    const picker = page.getByRole('dialog', { name: 'Bir şablon seçin' });
    await picker.getByRole('button', { name: /L Biçimi/ }).waitFor();
    await snap(page, FLOW, '02-template-picker');
    await picker.getByRole('button', { name: /L Biçimi/ }).click();
    await page.getByTestId('layout-canvas').waitFor();
    expect(await announced(zoneOnCanvas('Ana Bölge'))).toEqual({ x: 0, y: 0, width: 75, height: 85 });
    expect(await announced(zoneOnCanvas('Yan Bölge'))).toEqual({ x: 75, y: 0, width: 25, height: 85 });
    expect(await announced(zoneOnCanvas('Alt Bant'))).toEqual({ x: 0, y: 85, width: 100, height: 15 });
  });

  it('the mouse moves the main zone by its body and resizes it by a corner, snapped to 1 %', async () => {
    const canvas = await box(page.getByTestId('layout-canvas'));
    const main = zoneOnCanvas('Ana Bölge');
    // 12.3 % right and 5.4 % down, in whole pixels: lands on 12 and 5 (no other edge is near:
    // the right edge at 87 and the bottom at 90 are more than 1.5 % from 75, 85 and 100).
    const mx = Math.round(canvas.width * 0.123);
    const my = Math.round(canvas.height * 0.054);
    await drag(main, mx, my);
    const moved = { x: Math.round((mx / canvas.width) * 100), y: Math.round((my / canvas.height) * 100), width: 75, height: 85 };
    expect(moved).toEqual({ x: 12, y: 5, width: 75, height: 85 });
    await expect.poll(() => announced(main)).toEqual(moved);
    expect(await fields()).toEqual(moved);

    // The top-left corner (the bottom ones lie under 'Alt Bant') 8.2 % right and 10.3 % down:
    // the opposite corner stays at (87, 90).
    const hx = Math.round(canvas.width * 0.082);
    const hy = Math.round(canvas.height * 0.103);
    await drag(main.getByTestId('handle-nw'), hx, hy);
    const left = moved.x + Math.round((hx / canvas.width) * 100);
    const top = moved.y + Math.round((hy / canvas.height) * 100);
    const resized = { x: left, y: top, width: 87 - left, height: 90 - top };
    expect(resized).toEqual({ x: 20, y: 15, width: 67, height: 75 });
    await expect.poll(() => announced(main)).toEqual(resized);
    expect(await fields()).toEqual(resized);
    editorShowed['Ana Bölge'] = resized;
    await snap(page, FLOW, '03-editor-dragged');
  });

  it('the keyboard moves the side zone with arrows and resizes it with Shift + arrows, with a visible focus', async () => {
    const side = zoneOnCanvas('Yan Bölge');
    await side.focus();
    await expect.poll(() => side.getAttribute('aria-pressed')).toBe('true'); // focus chooses it
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowUp');
    const expected = { x: 72, y: 2, width: 20, height: 75 };
    await expect.poll(() => announced(side)).toEqual(expected);
    expect(await fields()).toEqual(expected);
    // The ring a keyboard user follows: an outline drawn on the focused zone.
    expect(await side.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    editorShowed['Yan Bölge'] = expected;
  });

  it('the editor has no serious accessibility violations at 1280 and 375 px', async () => {
    const found: string[] = [];
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      const violations = (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      found.push(...describeViolations(`editor @${viewport.width}px`, violations));
    }
    await page.setViewportSize(DESKTOP);
    expect(found).toEqual([]);
  });

  it('exact numbers typed in the fields move the bottom bar; a number outside the screen is refused in Turkish', async () => {
    await page.getByRole('button', { name: 'Alt Bant', exact: true }).click();
    await page.getByLabel('Üstten (%)', { exact: true }).fill('87,5');
    await page.getByLabel('Yükseklik (%)', { exact: true }).fill('12.5');
    const bar = zoneOnCanvas('Alt Bant');
    await expect.poll(() => announced(bar)).toEqual({ x: 0, y: 87.5, width: 100, height: 12.5 });
    editorShowed['Alt Bant'] = { x: 0, y: 87.5, width: 100, height: 12.5 };

    // 30 % high from 87.5 % leaves the screen: the contract's message, nothing sent.
    await page.getByLabel('Yükseklik (%)', { exact: true }).fill('30');
    await page.getByLabel('Yerleşim Adı').fill(LAYOUT);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Yerleşim kaydedilemedi: lütfen işaretli alanları düzeltin').waitFor();
    const issues = await page.getByTestId('layout-issues').textContent();
    expect(issues).toMatch(/^Alt Bant: /);
    expect(issues).not.toMatch(/[A-Za-z]+ (must|expected|invalid)/i); // no untranslated validator text
    // The message stands under its field; the other number boxes keep their height.
    const heights = await page.locator('.zone-numbers input').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(new Set(heights).size, `number box heights: ${heights.join(', ')}`).toBe(1);
    await snap(page, FLOW, '04-editor-invalid');
    expect(await call<unknown[]>(e2e.server.url, token, '/api/layouts')).toEqual([]);
    await page.getByLabel('Yükseklik (%)', { exact: true }).fill('12,5');
  });

  it("content is picked per zone; the server's refusal of a playlist deleted meanwhile is shown in Turkish, nothing stored", async () => {
    await page.getByLabel('İçerik', { exact: true }).selectOption({ label: 'Duyurular' });
    await page.getByRole('button', { name: 'Yan Bölge', exact: true }).click();
    await page.getByLabel('İçerik', { exact: true }).selectOption({ label: 'Menü' });
    await page.getByRole('button', { name: 'Ana Bölge', exact: true }).click();
    await page.getByLabel('İçerik', { exact: true }).selectOption({ label: 'Silinecek Liste' });
    await zoneOnCanvas('Ana Bölge').getByText('Silinecek Liste').waitFor();
    await call(e2e.server.url, token, `/api/playlists/${gone}`, { method: 'DELETE' });

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Yerleşim kaydedilemedi: Playlist bulunamadı').waitFor();
    expect(await call<unknown[]>(e2e.server.url, token, '/api/layouts')).toEqual([]);

    await page.getByLabel('İçerik', { exact: true }).selectOption({ label: 'Lobi Döngüsü' });
    await zoneOnCanvas('Ana Bölge').getByText('Lobi Döngüsü').waitFor();
    // The refusal was about the old choice: it goes with it.
    await page.getByText('Yerleşim kaydedilemedi: Playlist bulunamadı').waitFor({ state: 'detached' });
    await snap(page, FLOW, '05-editor-ready');
  });

  it("'Canlı Önizleme' plays each zone's real content in its rectangle with the player, and follows a moved zone", async () => {
    const preview = page.getByTestId('layout-live-preview');
    const zone = (name: string) => preview.locator(`[data-testid=zone][data-zone="${name}"]`);
    // The main zone's image, loaded and drawn; the bottom bar's ticker text.
    const image = zone('Ana Bölge').getByTestId('player-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity === '1')).toBe(true);
    await zone('Alt Bant').getByText('Hoş geldiniz').first().waitFor();
    const sideImage = zone('Yan Bölge').getByTestId('player-image');
    await sideImage.waitFor();
    // Each zone where the canvas says, on the preview's own frame (within a pixel of rounding).
    const frame = await box(preview);
    for (const [name, rect] of Object.entries(editorShowed)) {
      const b = await box(zone(name));
      const expected = { x: frame.x + (frame.width * rect.x) / 100, y: frame.y + (frame.height * rect.y) / 100, width: (frame.width * rect.width) / 100, height: (frame.height * rect.height) / 100 };
      for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(b[k] - expected[k]), `${name} ${k}`).toBeLessThan(1.5);
    }
    // A move on the canvas moves the picture at once, the same image element still showing.
    const before = await box(zone('Yan Bölge'));
    await sideImage.evaluate((img) => { (img as HTMLImageElement & { keep?: true }).keep = true; });
    await zoneOnCanvas('Yan Bölge').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Math.round((before.x - (await box(zone('Yan Bölge'))).x) * 100 / frame.width)).toBe(1);
    expect(await sideImage.evaluate((img) => (img as HTMLImageElement & { keep?: true }).keep === true)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => announced(zoneOnCanvas('Yan Bölge'))).toEqual(editorShowed['Yan Bölge']);
  });

  it('saving stores exactly the numbers the editor showed, with the content picked', async () => {
    // What the canvas says just before saving is what must come back.
    for (const name of Object.keys(editorShowed)) expect(await announced(zoneOnCanvas(name))).toEqual(editorShowed[name]);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const card = page.getByTestId('layout-card').filter({ hasText: LAYOUT });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 bölge · Yatay (16:9)');
    await snap(page, FLOW, '06-layouts-list');

    const [listed] = await call<{ _id: string }[]>(e2e.server.url, token, '/api/layouts');
    const saved = await call<Layout>(e2e.server.url, token, `/api/layouts/${listed!._id}`);
    expect(saved.name).toBe(LAYOUT);
    const byName = Object.fromEntries(saved.zones.map((z) => [z.name, {
      rect: { x: z.x, y: z.y, width: z.width, height: z.height },
      content: z.playlist?.name ?? z.directionPlaylist?.name ?? null,
    }]));
    expect(byName).toEqual({
      'Ana Bölge': { rect: editorShowed['Ana Bölge'], content: 'Lobi Döngüsü' },
      'Yan Bölge': { rect: editorShowed['Yan Bölge'], content: 'Menü' },
      'Alt Bant': { rect: editorShowed['Alt Bant'], content: 'Duyurular' },
    });
    expect(saved.zones.find((z) => z.name === 'Alt Bant')?.directionPlaylist?.name).toBe('Duyurular');

    // Opened again, the editor shows the stored numbers.
    await card.getByRole('button', { name: `Düzenle: ${LAYOUT}` }).click();
    for (const name of Object.keys(editorShowed)) await expect.poll(() => announced(zoneOnCanvas(name))).toEqual(editorShowed[name]);
    await snap(page, FLOW, '07-editor-reopened');
    await page.getByRole('button', { name: 'İptal' }).click();
    await card.waitFor();
  });

  it("/assignment gives the layout to a screen; its card says 'Şu an: {layout}'", async () => {
    await page.getByRole('link', { name: 'Playlist Atama' }).click();
    await page.waitForURL('**/assignment');
    await page.getByLabel('Playlist', { exact: true }).selectOption({ label: LAYOUT });
    await page.getByRole('checkbox', { name: /Lobi TV/ }).check();
    await page.getByRole('button', { name: 'Ata' }).click();
    await page.getByText('Atama başarıyla tamamlandı').waitFor();
    await page.getByText(`Şu an: ${LAYOUT}`).waitFor();
    await snap(page, FLOW, '08-assignment-layout');

    await page.getByRole('link', { name: 'Ekranlar' }).click();
    await page.waitForURL('**/screens');
    expect(await page.getByTestId('screen-layout').textContent()).toBe(LAYOUT);
    await expect.poll(() => page.getByTestId('screen-now').textContent()).toMatch(new RegExp(`^Şu an: ${LAYOUT}`));
  });

  it('deleting the layout a screen shows is refused with the 409 message naming the screen', async () => {
    await page.getByRole('link', { name: 'Yerleşimler' }).click();
    await page.waitForURL('**/layouts');
    await page.getByRole('button', { name: `Sil: ${LAYOUT}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await page.getByText('Yerleşim silinirken hata oluştu: Bu yerleşim şu ekranlarda gösteriliyor: Lobi TV.').waitFor();
    await snap(page, FLOW, '09-delete-in-use');
    expect(await call<unknown[]>(e2e.server.url, token, '/api/layouts')).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  });
});
