import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { apiLogin, apiRegister, uniqueEmail } from '../support/accounts';
import { useE2E } from '../support/harness';
import { buyPackage, call, createPlaylistWithImage } from './dashboard-support';

// docs/PRODUCT.md#team end to end: the owner invites an editor limited to one group, the editor
// joins in another browser, sees only that group's screens, can edit a playlist but finds no
// 'Ata' button, and when the owner removes them their open page goes to /login at once.
const e2e = useE2E();
const FLOW = 'team';

describe('Ekip', () => {
  it('invite → accept in another browser → remove: the removed page signs out; an agency switches accounts', async () => {
    const base = e2e.server.url;
    const ownerEmail = uniqueEmail('sahip');
    await apiRegister(base, ownerEmail);
    const ownerToken = await apiLogin(base, ownerEmail);
    await buyPackage(base, ownerToken, 'Başlangıç');
    await call(base, ownerToken, '/api/team', { method: 'PUT', body: { name: 'Anadolu Hastanesi' } });
    const screen = await call<{ _id: string }>(base, ownerToken, '/api/screens', { method: 'POST', body: { name: 'Giriş', status: 'active' } });
    await call(base, ownerToken, '/api/screen-groups', { method: 'POST', body: { name: 'Lobi', screenIds: [screen._id] } });
    await call(base, ownerToken, '/api/screens', { method: 'POST', body: { name: 'Mutfak Ekranı', status: 'active' } });
    await createPlaylistWithImage(base, ownerToken, 'Karşılama');

    const owner = await e2e.newPage();
    await owner.context.addInitScript((t) => localStorage.setItem('token', t), ownerToken);
    await owner.page.goto('/media');
    await owner.page.getByRole('link', { name: 'Ekip' }).click();
    await owner.page.waitForURL('**/team');
    await owner.page.getByRole('heading', { name: 'Ekip', level: 1 }).waitFor();
    expect(await owner.page.title()).toBe('Ekip · Pano');

    const editorEmail = uniqueEmail('editor');
    await owner.page.getByLabel('E-posta', { exact: true }).fill(editorEmail);
    await owner.page.getByLabel('Rol', { exact: true }).selectOption('editor');
    await owner.page.getByRole('checkbox', { name: 'Lobi' }).check();
    await owner.page.getByRole('button', { name: 'Davet gönder' }).click();
    const linkBox = owner.page.getByTestId('invitation-link');
    await linkBox.waitFor();
    await snap(owner.page, FLOW, '01-invited');
    const link = (await linkBox.locator('code').textContent())!;
    expect(link).toMatch(/\/davet\/[A-Za-z0-9_-]{43}$/);

    // The editor, in a browser of their own, opens the link and joins with a name and a password.
    const editor = await e2e.newPage();
    await editor.page.goto(new URL(link).pathname);
    await editor.page.getByText('"Anadolu Hastanesi" hesabına Editör olarak davet edildiniz.').waitFor();
    await snap(editor.page, FLOW, '02-accept');
    await editor.page.getByLabel('Ad', { exact: true }).fill('Mehmet');
    await editor.page.getByLabel('Soyad').fill('Kaya');
    await editor.page.getByLabel('Şifre').fill('Parola123!');
    await editor.page.getByRole('button', { name: 'Hesap oluştur ve katıl' }).click();
    await editor.page.waitForURL('**/packages');
    await editor.page.goto('/media');
    await editor.page.getByTestId('sidebar-account').getByText('Anadolu Hastanesi').waitFor();
    // An editor does not manage the team.
    expect(await editor.page.getByRole('link', { name: 'Ekip' }).count()).toBe(0);
    // Limited to 'Lobi': its screen only, never the kitchen's.
    await editor.page.goto('/screens');
    await editor.page.getByText('Giriş', { exact: true }).first().waitFor();
    expect(await editor.page.getByText('Mutfak Ekranı').count()).toBe(0);
    // An editor edits playlists, but assigns nothing: no 'Ata' button.
    await editor.page.goto('/playlists');
    await editor.page.getByRole('button', { name: 'Düzenle: Karşılama' }).click();
    await editor.page.getByRole('button', { name: 'Kaydet' }).waitFor();
    // The page listens for team changes once it has loaded (its socket's CONNECT answered): a
    // removal before that is found by the session check it then makes (lib/dashboard-socket.ts).
    const listening = new Promise<void>((resolve) => editor.page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) resolve();
    })));
    await editor.page.goto('/assignment');
    await editor.page.getByText("Atama yapmak için 'Yayıncı' yetkisi gerekir.").waitFor();
    expect(await editor.page.getByRole('button', { name: 'Ata' }).count()).toBe(0);
    await snap(editor.page, FLOW, '02b-editor-assignment');

    await owner.page.getByRole('button', { name: 'Tamam' }).click();
    await owner.page.reload();
    const row = owner.page.getByTestId('team-member').filter({ hasText: 'Mehmet Kaya' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Lobi');
    await snap(owner.page, FLOW, '03-members');

    await listening;
    await row.getByRole('button', { name: 'Çıkar: Mehmet Kaya' }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Çıkar' }).click();
    await row.waitFor({ state: 'detached' });
    // The editor's open page follows at once (the socket is told), not on its next request.
    const removedAt = Date.now();
    await editor.page.waitForURL('**/login', { timeout: 5_000 });
    expect(Date.now() - removedAt).toBeLessThan(2_000);

    // An agency: someone with an account of their own is invited too, accepts while signed in,
    // and switches between the two accounts from the sidebar.
    const agencyEmail = uniqueEmail('ajans');
    await apiRegister(base, agencyEmail);
    const agencyToken = await apiLogin(base, agencyEmail);
    const invited = await call<{ link: string }>(base, ownerToken, '/api/team/invitations', { method: 'POST', body: { email: agencyEmail, role: 'publisher' } });
    const agency = await e2e.newPage();
    await agency.page.goto('/');
    await agency.page.evaluate((t) => localStorage.setItem('token', t), agencyToken);
    await agency.page.goto(new URL(invited.link).pathname);
    await agency.page.getByRole('button', { name: 'Daveti kabul et' }).click();
    await agency.page.waitForURL('**/packages');
    const switcher = agency.page.getByLabel('Hesap değiştir');
    await switcher.waitFor();
    await snap(agency.page, FLOW, '04-switcher');
    const ownId = await switcher.locator('option', { hasNotText: 'Anadolu Hastanesi' }).getAttribute('value');
    const switched = agency.page.waitForResponse((r) => r.url().endsWith('/api/auth/switch-account'));
    await switcher.selectOption(ownId!);
    expect((await switched).status()).toBe(200);
    // The name shown, not the switcher's option of the same text.
    await expect.poll(() => agency.page.locator('.sidebar-account-name').textContent()).toBe(agencyEmail);
    expect([...owner.errors, ...editor.errors.filter((e) => !e.includes('401')), ...agency.errors]).toEqual([]);
  });
});
