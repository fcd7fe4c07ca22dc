import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TAccountRole, TTeam } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { useSession } from '../../stores/session-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser, fixtureId } from '../../testing/fixtures';
import { TeamPage } from './team-page';

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
  useSession.setState({ status: 'anonymous', user: null });
});

const OWNER = fixtureId(99);
const lobby = { _id: fixtureId(50), name: 'Lobi' };
const team = (): TTeam => ({
  account: { _id: OWNER, name: 'Ayşe Ajans' },
  members: [
    { _id: fixtureId(1), user: { _id: OWNER, email: 'ayse@ornek.com', firstName: 'Ayşe', lastName: null }, role: 'owner', groups: [], lastActiveAt: '2026-11-28T09:00:00.000Z' },
    { _id: fixtureId(2), user: { _id: fixtureId(3), email: 'mehmet@ornek.com', firstName: 'Mehmet', lastName: 'Kaya' }, role: 'editor', groups: [lobby], lastActiveAt: null },
  ],
  invitations: [{ _id: fixtureId(4), email: 'zeynep@ornek.com', role: 'viewer', groups: [], expiresAt: '2026-12-05T09:00:00.000Z' }],
  seats: { used: 3, max: 5 },
});

type Over = { invite?: () => Response; deleteAccount?: () => Response; team?: TTeam; me?: { _id: string; limited: boolean }; twoFactor?: boolean };
function open(role: TAccountRole = 'owner', over: Over = {}) {
  const calls: RecordedCall[] = [];
  const me = over.me ?? { _id: OWNER, limited: false };
  useSession.setState({ status: 'authenticated', user: aUser({ _id: me._id, account: { _id: OWNER, name: 'Ayşe Ajans', role, limited: me.limited } }) });
  apiServer.use(
    http.get('/api/team', recorded(calls, () => HttpResponse.json(over.team ?? team()))),
    http.get('/api/team/settings', recorded(calls, () => HttpResponse.json({ twoFactorRequired: false, approvalRequired: false }))),
    http.get('/api/auth/2fa', () => HttpResponse.json({ enabled: over.twoFactor ?? false, required: false, recoveryCodesLeft: 10 })),
    // Company sign-in's card (its own test: web/src/features/team/sso-card.test.tsx): off.
    http.get('/api/team/sso', () => HttpResponse.json(null)),
    http.put('/api/team/settings', recorded(calls, () => HttpResponse.json({ twoFactorRequired: true, approvalRequired: false }))),
    http.get('/api/screen-groups', () => HttpResponse.json([{ ...lobby, screens: [] }, { _id: fixtureId(51), name: 'Kasa', screens: [] }])),
    http.put('/api/team/members/:id', recorded(calls, () => HttpResponse.json(team().members[1]))),
    http.delete('/api/team/members/:id', recorded(calls, () => HttpResponse.json({ message: 'Üye ekipten çıkarıldı' }))),
    http.delete('/api/team', recorded(calls, over.deleteAccount ?? (() => HttpResponse.json({ message: 'Hesap silindi' })))),
    http.delete('/api/team/invitations/:id', recorded(calls, () => HttpResponse.json({ message: 'Davet geri alındı' }))),
    http.post('/api/team/invitations', recorded(calls, over.invite ?? (() => HttpResponse.json({
      _id: fixtureId(5), email: 'yeni@ornek.com', role: 'publisher', expiresAt: '2026-12-05T09:00:00.000Z',
      link: 'https://pano.ornek.test/davet/abc', mailed: false,
    }, { status: 201 })))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><TeamPage /><DialogHost /></QueryClientProvider>);
  return calls;
}

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);
const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

describe('TeamPage', { timeout: 15_000 }, () => {
  it('lists members with role, groups and last activity, seats and open invitations', async () => {
    open();
    expect(await screen.findByLabelText('Hesap adı')).toBeTruthy();
    expect(await screen.findByLabelText('Tüm üyeler için iki adımlı doğrulama zorunlu')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Kurumsal Giriş' })).toBeTruthy();
    const rows = await screen.findAllByTestId('team-member');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Ayşe (siz)'),
      expect.stringContaining('Mehmet Kaya'),
    ]);
    expect(rows[0]!.textContent).toContain('Sahip');
    expect(rows[1]!.textContent).toContain('Lobi');
    expect(rows[1]!.textContent).toContain('Henüz yok');
    expect((screen.getByLabelText('Mehmet Kaya: rol') as HTMLSelectElement).value).toBe('editor');
    expect(screen.getByTestId('team-seats').textContent).toBe('3 / 5 kişi (açık davetler dahil)');
    expect(screen.getByTestId('team-invitation').textContent).toContain('zeynep@ornek.com · İzleyici');
    // An owner sees every screen: no groups to pick for them.
    expect(screen.queryByRole('button', { name: 'Grupları düzenle: Ayşe' })).toBeNull();
    // The owner role is only given by transfer: no select offers it.
    expect(within(screen.getByLabelText('Mehmet Kaya: rol')).queryByText('Sahip')).toBeNull();
  });

  it('requires two-factor for every member with one checkbox (docs/PRODUCT.md#two-factor)', async () => {
    const calls = open();
    const box = await screen.findByLabelText('Tüm üyeler için iki adımlı doğrulama zorunlu');
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(box);
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', '/api/team/settings', { twoFactorRequired: true }]]));
    // The answer is the saved settings: nothing is read again, neither they nor the team.
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(reads(calls)).toEqual(['/api/team', '/api/team/settings']);
  });

  it('changes a role and groups, removes after confirming, revokes an invitation', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Mehmet Kaya: rol'), 'publisher');
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `/api/team/members/${fixtureId(2)}`, { role: 'publisher' }]]));
    // A change reads the team again, not the account's sign-in settings.
    await waitFor(() => expect(reads(calls)).toEqual(['/api/team', '/api/team/settings', '/api/team']));

    await user.click(screen.getByRole('button', { name: 'Grupları düzenle: Mehmet Kaya' }));
    const row = screen.getAllByTestId('team-member')[1]!;
    await user.click(within(row).getByRole('checkbox', { name: 'Kasa' }));
    await user.click(within(row).getByRole('button', { name: 'Grupları kaydet' }));
    await waitFor(() => expect(writes(calls).at(-1)).toEqual(['PUT', `/api/team/members/${fixtureId(2)}`, { groups: [lobby._id, fixtureId(51)] }]));

    await user.click(screen.getByRole('button', { name: 'Çıkar: Mehmet Kaya' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Açık oturumları hemen kapanır.');
    await user.click(within(dialog).getByRole('button', { name: 'Çıkar' }));
    await waitFor(() => expect(writes(calls).at(-1)).toEqual(['DELETE', `/api/team/members/${fixtureId(2)}`, undefined]));

    await user.click(screen.getByRole('button', { name: 'Geri al: zeynep@ornek.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Geri al' }));
    await waitFor(() => expect(writes(calls).at(-1)).toEqual(['DELETE', `/api/team/invitations/${fixtureId(4)}`, undefined]));
  });

  it('invites and shows the link to copy; checks the email in Turkish first', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Davet gönder' }));
    expect(await screen.findByText('E-posta zorunludur')).toBeTruthy();
    await user.type(screen.getByLabelText('E-posta'), 'Yeni@Ornek.com');
    await user.selectOptions(screen.getByLabelText('Rol'), 'publisher');
    await user.click(within(screen.getByRole('group', { name: 'Ekran grupları (boş: tüm ekranlar)' })).getByRole('checkbox', { name: 'Lobi' }));
    await user.click(screen.getByRole('button', { name: 'Davet gönder' }));
    const link = await screen.findByTestId('invitation-link');
    expect(writes(calls)).toEqual([['POST', '/api/team/invitations', { email: 'yeni@ornek.com', role: 'publisher', groups: [lobby._id] }]]);
    expect(link.textContent).toContain('https://pano.ornek.test/davet/abc');
    expect(link.textContent).toContain('E-posta gönderimi ayarlı değil');
  });

  it("a limited admin's invitation starts with their own groups, never 'every screen' (docs/architecture/accounts.md#screen-group-limits)", async () => {
    const limitedTeam = team();
    limitedTeam.members[1] = { ...limitedTeam.members[1]!, role: 'admin' };
    const calls = open('admin', { team: limitedTeam, me: { _id: fixtureId(3), limited: true } });
    const user = userEvent.setup();
    const groups = within(await screen.findByRole('group', { name: 'Ekran grupları (en az biri)' }));
    await waitFor(() => expect((groups.getByRole('checkbox', { name: 'Lobi' }) as HTMLInputElement).checked).toBe(true));
    expect((groups.getByRole('checkbox', { name: 'Kasa' }) as HTMLInputElement).checked).toBe(false);
    await user.type(screen.getByLabelText('E-posta'), 'yeni@ornek.com');
    // Unticking their only group would give every screen: said at once, and nothing is sent.
    await user.click(groups.getByRole('checkbox', { name: 'Lobi' }));
    expect(await screen.findByText('Ekran gruplarıyla sınırlı olduğunuz için tüm ekranları veremezsiniz; lütfen kendi gruplarınızdan en az birini seçin.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Davet gönder' }));
    expect(writes(calls)).toEqual([]);
    await user.click(groups.getByRole('checkbox', { name: 'Lobi' }));
    expect(screen.queryByText(/tüm ekranları veremezsiniz/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Davet gönder' }));
    await screen.findByTestId('invitation-link');
    expect(writes(calls)).toEqual([['POST', '/api/team/invitations', { email: 'yeni@ornek.com', role: 'editor', groups: [lobby._id] }]]);
    // Nothing account-wide: the name, the sign-in rules and company sign-in are refused to them.
    expect(screen.queryByLabelText('Hesap adı')).toBeNull();
    expect(screen.queryByLabelText('Tüm üyeler için iki adımlı doğrulama zorunlu')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Kurumsal Giriş' })).toBeNull();
    // The next invitation starts from their groups again.
    await user.click(screen.getByRole('button', { name: 'Tamam' }));
    expect((within(screen.getByRole('group', { name: 'Ekran grupları (en az biri)' })).getByRole('checkbox', { name: 'Lobi' }) as HTMLInputElement).checked).toBe(true);
  });

  it("a limited admin who unticks a member's last group is told at once and cannot save 'every screen'", async () => {
    const limitedTeam = team();
    limitedTeam.members[1] = { ...limitedTeam.members[1]!, role: 'admin' };
    limitedTeam.members.push({
      _id: fixtureId(5), user: { _id: fixtureId(6), email: 'can@ornek.com', firstName: 'Can', lastName: null }, role: 'editor', groups: [lobby], lastActiveAt: null,
    });
    const calls = open('admin', { team: limitedTeam, me: { _id: fixtureId(3), limited: true } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Grupları düzenle: Can' }));
    const row = screen.getAllByTestId('team-member')[2]!;
    await user.click(within(row).getByRole('checkbox', { name: 'Lobi' }));
    expect(within(row).getByRole('alert').textContent).toBe('Ekran gruplarıyla sınırlı olduğunuz için tüm ekranları veremezsiniz; lütfen kendi gruplarınızdan en az birini seçin.');
    expect((within(row).getByRole('button', { name: 'Grupları kaydet' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(row).getByRole('checkbox', { name: 'Lobi' }));
    expect(within(row).queryByRole('alert')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('an owner limited to screen groups is offered no transfer; one who sees every screen is', async () => {
    open('owner');
    expect(await screen.findByRole('button', { name: /Sahipliği devret/ })).toBeTruthy();
    cleanup();
    open('owner', { me: { _id: OWNER, limited: true } });
    await screen.findAllByTestId('team-member');
    expect(screen.queryByRole('button', { name: /Sahipliği devret/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Hesabı Sil' })).toBeTruthy();
  });

  it("shows the server's Turkish refusal (the seat limit) on the page, without leaving it", async () => {
    const refusal = 'Paketinizin üye sınırına ulaştınız (en fazla 5 kişi, açık davetler dahil). Yeni bir kişi davet etmek için bir daveti geri alın, bir üyeyi çıkarın ya da paketinizi yükseltin.';
    open('owner', { invite: () => HttpResponse.json({ code: 'MEMBER_LIMIT_REACHED', message: refusal }, { status: 402 }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-posta'), 'yeni@ornek.com');
    await user.click(screen.getByRole('button', { name: 'Davet gönder' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
  });

  it("the owner deletes the account with their password after confirming, and is signed out", async () => {
    const calls = open();
    const user = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'Hesabı Sil' }));
    expect(section.getByText(/medya ve uygulamalar, oynatma listeleri/).textContent).toContain('ekipteki herkes için geçerlidir');
    await user.click(section.getByRole('button', { name: 'Hesabı Sil' }));
    expect(await section.findByText('Şifre zorunludur')).toBeTruthy();
    await user.type(section.getByLabelText('Şifreniz (onay için)'), 'gizli123');
    await user.click(section.getByRole('button', { name: 'Hesabı Sil' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('"Ayşe Ajans" hesabı ve içindeki her şey, bütün üyeler için kalıcı olarak silinsin mi?');
    await user.click(within(dialog).getByRole('button', { name: 'Hesabı Sil' }));
    await waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
    expect(writes(calls)).toEqual([['DELETE', '/api/team', { password: 'gizli123' }]]);
  });

  it('an owner with two-factor on gives their code with the password; without it nothing is sent', async () => {
    const calls = open('owner', { twoFactor: true });
    const user = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'Hesabı Sil' }));
    const code = await section.findByLabelText('Doğrulama kodu');
    await user.type(section.getByLabelText('Şifreniz (onay için)'), 'gizli123');
    await user.click(section.getByRole('button', { name: 'Hesabı Sil' }));
    expect(await section.findByText('Doğrulama kodu zorunludur')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(code, '123 456');
    await user.click(section.getByRole('button', { name: 'Hesabı Sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Hesabı Sil' }));
    await waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
    expect(writes(calls)).toEqual([['DELETE', '/api/team', { password: 'gizli123', code: '123456' }]]);
  });

  it("a wrong password shows the server's Turkish refusal and keeps the session; cancelling sends nothing", async () => {
    const refusal = 'Şifre hatalı. Hesabı silmek için kendi şifrenizi girin.';
    const calls = open('owner', { deleteAccount: () => HttpResponse.json({ code: 'FORBIDDEN', message: refusal }, { status: 403 }) });
    const user = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'Hesabı Sil' }));
    await user.type(section.getByLabelText('Şifreniz (onay için)'), 'yanlis');
    await user.click(section.getByRole('button', { name: 'Hesabı Sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await user.click(section.getByRole('button', { name: 'Hesabı Sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Hesabı Sil' }));
    expect((await section.findByRole('alert')).textContent).toContain(refusal);
    expect(writes(calls)).toEqual([['DELETE', '/api/team', { password: 'yanlis' }]]);
    expect(useSession.getState().status).toBe('authenticated');
  });

  it("an admin cannot touch the owner's row nor delete the account; a publisher sees only the refusal", async () => {
    open('admin');
    await screen.findAllByTestId('team-member');
    expect(screen.queryByRole('region', { name: 'Hesabı Sil' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Çıkar: Ayşe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Grupları düzenle: Ayşe' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Sahipliği devret/ })).toBeNull();
    cleanup();
    const calls = open('publisher');
    expect(screen.getByText('Bu sayfa yalnızca hesabın sahibi ve yöneticileri içindir.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
