import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { useE2E } from '../support/harness';
import { createPlaylist, createScreen, customerWithPackage, uploadPng, visibleMedia, waitForVisible, assign, pairPlayer } from './player-fixtures';

const e2e = useE2E();

// The promise of the product: a change made on the dashboard is on the wall within a
// second or so, without anyone touching the screen.
describe('dashboard → player, live', () => {
  it('an assignment made on /assignment changes what a paired player shows, without reload', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const orange = await uploadPng(c, 'turuncu', [234, 88, 12]);
    const teal = await uploadPng(c, 'camgobegi', [13, 148, 136]);
    const morning = await createPlaylist(c, 'Sabah', [{ media: orange, duration: 30 }]);
    await createPlaylist(c, 'Akşam', [{ media: teal, duration: 30 }]);
    const screenId = await createScreen(c, 'Resepsiyon');
    await assign(c, screenId, morning);

    // The wall: a device paired with the customer's mobile code.
    const { page: player, errors: playerErrors } = await e2e.newPage();
    await pairPlayer(player, c.mobileCode, 'Resepsiyon', orange.filePath);
    await player.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The office: the customer's dashboard, signed in with the same account.
    const { page: dashboard } = await e2e.newPage();
    await dashboard.goto('/login');
    await dashboard.evaluate((token) => localStorage.setItem('token', token), c.token);
    await dashboard.goto('/assignment');
    await dashboard.getByLabel('Playlist', { exact: true }).selectOption({ label: 'Akşam' });
    await dashboard.getByRole('checkbox', { name: /Resepsiyon/ }).check();
    await dashboard.getByRole('button', { name: 'Ata' }).click();
    const assignedAt = Date.now();
    await dashboard.getByText('Atama başarıyla tamamlandı').waitFor();

    await waitForVisible(player, teal.filePath, 10_000);
    const elapsed = Date.now() - assignedAt;
    expect(await visibleMedia(player)).toEqual([teal.filePath]);
    // Same document: the player was updated by the push, not reloaded.
    expect(await player.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Generous bound for a loaded CI machine; the benchmark measures the real latency.
    expect(elapsed).toBeLessThan(5_000);
    await snap(player, 'player-live-dashboard', '01-player-after-dashboard-assignment');
    expect(playerErrors).toEqual([]);
  });
});
