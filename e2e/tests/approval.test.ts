import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { apiLogin, PASSWORD, uniqueEmail } from '../support/accounts';
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
    const playlist = await createPlaylist(c, 'Lobi', [{ media: orange, duration: 30 }]);
    const screenId = await createScreen(c, 'Resepsiyon');
    await assign(c, screenId, playlist);
    const editor = await member(c, 'editor', 'Eda');
    const publisher = await member(c, 'publisher', 'Yavuz');

    const { page: player, errors: playerErrors } = await e2e.newPage();
    await pairPlayer(player, c.mobileCode, 'Resepsiyon', orange.filePath);

    // The editor's change: a request, not the wall.
    const asked = await fetch(`${c.baseUrl}/api/playlists/${playlist}`, {
      method: 'PUT', headers: { Authorization: `Bearer ${editor}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lobi', mediaItems: [{ media: teal._id, duration: 30 }] }),
    });
    expect(asked.status).toBe(202);

    const { page, context, errors } = await e2e.newPage();
    await context.addInitScript((t) => localStorage.setItem('token', t), publisher);
    await page.goto('/media');
    await page.getByRole('link', { name: /Onay Bekleyenler/ }).click();
    await page.waitForURL('**/approvals');
    const card = page.getByTestId('approval');
    await card.waitFor();
    expect(await card.textContent()).toContain('Eda Test');
    expect(await card.textContent()).toContain('camgobegi (30 sn)');
    // Still the approved content on the wall.
    expect(await visibleMedia(player)).toEqual([orange.filePath]);
    await snap(page, FLOW, '01-pending');
    // 'Ekranda önizle': the requested playlist, played by the screen's player in the page.
    await card.getByRole('button', { name: 'Ekranda önizle' }).click();
    await card.getByTestId('approval-preview').waitFor();
    await waitForVisible(page, teal.filePath, 10_000);
    await snap(page, FLOW, '02-preview');

    await card.getByRole('button', { name: 'Onayla' }).click();
    const approvedAt = Date.now();
    await waitForVisible(player, teal.filePath, 10_000);
    const elapsed = Date.now() - approvedAt;
    expect(await visibleMedia(player)).toEqual([teal.filePath]);
    // Generous bound for a loaded machine, as player-live-dashboard's; the benchmark measures the real latency.
    expect(elapsed).toBeLessThan(5_000);

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
  });
});
