import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { apiLogin, PASSWORD, signInWithToken, uniqueEmail } from '../support/accounts';
import { assign, call, createPlaylist, createScreen, customerWithPackage, uploadPng, visibleMedia, waitForVisible, pairPlayer, type Customer } from './player-fixtures';

const e2e = useE2E();
const FLOW = 'approval';

/** A member of the customer's account with `role`, signed in: their token. */
async function member(c: Customer, role: 'editor' | 'publisher', firstName: string): Promise<string> {
  const email = uniqueEmail(role);
  const invited = await call<{ link: string }>(c.baseUrl, c.token, '/api/team/invitations', { method: 'POST', body: { email, role } });
  const token = invited.link.split('/davet/')[1]!;
  await call(c.baseUrl, '', `/api/invitations/${token}/accept`, { method: 'POST', body: { firstName, lastName: 'Test', password: PASSWORD } });
  return apiLogin(c.baseUrl, email);
}

// docs/architecture/approval.md: with 'Onay akışı' on, an editor's change waits for a publisher,
// and goes live on the wall once approved.
describe("'Onay akışı'", () => {
  it("an editor's playlist change stays off the wall until a publisher approves it on 'Onay Bekleyenler'", async () => {
    const c = await customerWithPackage(e2e.server.url);
    await call(c.baseUrl, c.token, '/api/team/settings', { method: 'PUT', body: { approvalRequired: true } });
    const orange = await uploadPng(c, 'turuncu', [234, 88, 12]);
    const teal = await uploadPng(c, 'camgobegi', [13, 148, 136]);
    // An hour each: the wall stays on the first picture until the change reaches it.
    const playlist = await createPlaylist(c, 'Lobi', [{ media: orange, duration: 3600 }, { media: teal, duration: 3600 }]);
    const screenId = await createScreen(c, 'Resepsiyon');
    await assign(c, screenId, playlist);
    const editor = await member(c, 'editor', 'Eda');
    const publisher = await member(c, 'publisher', 'Yavuz');

    const { page: player, errors: playerErrors } = await e2e.newPage();
    await pairPlayer(player, c.mobileCode, 'Resepsiyon', orange.filePath);

    // The editor takes the first picture out in the playlist editor: a request, not the wall.
    const { page: desk, errors: deskErrors } = await e2e.newPage();
    await signInWithToken(desk, editor, '/playlists');
    await desk.getByRole('button', { name: 'Düzenle: Lobi' }).click();
    await desk.getByTestId('edit-item').first().waitFor();
    await desk.getByRole('button', { name: 'Öğeyi kaldır: turuncu' }).click();
    await desk.getByRole('button', { name: 'Kaydet' }).click();
    const told = desk.getByRole('alertdialog');
    await told.waitFor();
    expect(await told.textContent()).toContain('Değişikliğiniz onaya gönderildi. Bir yayıncı onaylayınca ekranlarda görünecek.');
    await snap(desk, FLOW, '00-sent');
    await told.getByRole('button', { name: 'Tamam' }).click();
    expect(await call<{ pending: number }>(c.baseUrl, publisher, '/api/approvals?status=pending')).toMatchObject({ pending: 1 });

    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), publisher);
    await page.goto('/media');
    await page.getByRole('link', { name: /Onay Bekleyenler/ }).click();
    await page.waitForURL('**/approvals');
    const card = page.getByTestId('approval');
    await card.waitFor();
    expect(await card.textContent()).toContain('Eda Test');
    expect(await card.textContent()).toContain('camgobegi (3600 sn)');
    // Still the approved content on the wall.
    expect(await visibleMedia(player)).toEqual([orange.filePath]);
    await snap(page, FLOW, '01-pending');
    // 'Ekranda önizle': the requested playlist, played by the screen's player in the page.
    await card.getByRole('button', { name: 'Ekranda önizle' }).click();
    await card.getByTestId('approval-preview').waitFor();
    await waitForVisible(page, teal.filePath, 10_000);
    await snap(page, FLOW, '02-preview');

    // The moment the wall turns to the approved picture, by the same clock as the click's.
    await player.evaluate((p) => {
      const w = window as unknown as { __shownAt?: number };
      new MutationObserver((_, observer) => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>('[data-testid=player-image]'))
          .some((el) => el.style.opacity === '1' && new URL(el.getAttribute('src') ?? '', location.href).pathname === p);
        if (!shown) return;
        w.__shownAt = Date.now();
        observer.disconnect();
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'src'] });
    }, teal.filePath);
    const approvedAt = Date.now();
    await card.getByRole('button', { name: 'Onayla' }).click();
    await waitForVisible(player, teal.filePath, 10_000);
    expect(await visibleMedia(player)).toEqual([teal.filePath]);
    // Within a second of the click (the picture is already on the device: it was the playlist's second item).
    const shownAt = await player.evaluate(() => (window as unknown as { __shownAt?: number }).__shownAt ?? null);
    expect(shownAt).not.toBeNull();
    expect(shownAt! - approvedAt).toBeLessThan(1000);

    // The history ('Etkinlik Geçmişi', for the owner) names both people.
    const { page: office, context: officeContext, errors: officeErrors } = await e2e.newPage();
    await officeContext.addInitScript((t) => localStorage.setItem('token', t), c.token);
    await office.goto('/activity');
    const rows = office.getByTestId('activity-row');
    await rows.first().waitFor();
    const text = (await rows.allTextContents()).join('\n');
    expect(text).toContain('Onaya gönderdi');
    expect(text).toContain('Onayladı');
    expect(text).toContain('Eda Test');
    expect(text).toContain('Yavuz Test');
    expect(errors).toEqual([]);
    expect(officeErrors).toEqual([]);
    expect(playerErrors).toEqual([]);
    expect(deskErrors).toEqual([]);
  });
});
