import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TTwoFactorStatus, TUserSession } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser, fixtureId } from '../../testing/fixtures';
import { PasswordCard, SessionsCard, TwoFactorCard } from './security-cards';
import { SupportResetCard } from './support-reset-card';
import { tokenStorage } from '../../lib/token-storage';
import { useSession } from '../../stores/session-store';

/* /settings' security cards (docs/PRODUCT.md#two-factor, docs/PRODUCT.md#session). */

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
  tokenStorage.clear();
});

const otpauthUrl = 'otpauth://totp/Pano:ayse%40ornek.com?secret=JBSWY3DPEHPK3PXP&issuer=Pano';
const wrong = 'Doğrulama kodu hatalı. Kimlik doğrulama uygulamanızdaki güncel kodu ya da kullanılmamış bir kurtarma kodunu girin.';

function openTwoFactor(first: TTwoFactorStatus, disable: () => Response | Promise<Response> = () => HttpResponse.json({ message: 'Kapatıldı' })) {
  const calls: RecordedCall[] = [];
  let status = first;
  apiServer.use(
    http.get('/api/auth/2fa', () => HttpResponse.json(status)),
    http.post('/api/auth/2fa/setup', recorded(calls, () => HttpResponse.json({ otpauthUrl, qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }))),
    http.post('/api/auth/2fa/enable', recorded(calls, () => {
      status = { enabled: true, required: first.required, recoveryCodesLeft: 10 };
      return HttpResponse.json({ recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
    })),
    http.delete('/api/auth/2fa', recorded(calls, async () => {
      const answer = await disable();
      if (answer.ok) status = { enabled: false, required: false, recoveryCodesLeft: 0 };
      return answer;
    })),
  );
  render(<QueryClientProvider client={createQueryClient()}><TwoFactorCard /></QueryClientProvider>);
  return calls;
}

const card = () => within(screen.getByRole('region', { name: /İki Adımlı Doğrulama/ }));

describe('TwoFactorCard', { timeout: 15_000 }, () => {
  it("sets up: 'Kur', the password, the QR's key, a code, then the recovery codes once; the card then reads 'Açık'", async () => {
    const calls = openTwoFactor({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect(await screen.findByText('Kapalı')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Kur' }));
    // The password first: nothing is asked of the server before it.
    await userEvent.type(await screen.findByLabelText('Şifreniz'), 'gizli123');
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Devam' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Doğrulama kodu'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Etkinleştir' }));
    expect((await screen.findByTestId('recovery-codes')).textContent).toContain('cccc-dddd');
    await userEvent.click(screen.getByRole('button', { name: 'Kodları kaydettim' }));
    expect(await card().findByText('Açık')).toBeTruthy();
    expect(screen.getByText('Kullanılmamış kurtarma kodu: 10')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/auth/2fa/setup', { password: 'gizli123' }], ['POST', '/api/auth/2fa/enable', { code: '123456', password: 'gizli123' }],
    ]);
  });

  it("a wrong password shows the server's refusal and no QR; 'Vazgeç' goes back to the start", async () => {
    const refusal = 'Şifre hatalı. İki adımlı doğrulamayı kurmak için kendi şifrenizi girin.';
    openTwoFactor({ enabled: false, required: false, recoveryCodesLeft: 0 });
    apiServer.use(http.post('/api/auth/2fa/setup', () => HttpResponse.json({ code: 'FORBIDDEN', message: refusal }, { status: 403 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Kur' }));
    await userEvent.type(await screen.findByLabelText('Şifreniz'), 'tahmin');
    await userEvent.click(screen.getByRole('button', { name: 'Devam' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'İki adımlı doğrulama için QR kodu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    expect(await screen.findByRole('button', { name: 'Kur' })).toBeTruthy();
  });

  it('turns off with a code, sent once however often the form is submitted; a wrong code keeps it on', async () => {
    let refuse = true;
    let finish!: (r: Response) => void;
    const calls = openTwoFactor({ enabled: true, required: false, recoveryCodesLeft: 8 }, () => {
      if (refuse) return HttpResponse.json({ code: 'TWO_FACTOR_CODE_INVALID', message: wrong }, { status: 400 });
      return new Promise<Response>((r) => { finish = r; });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Kapat' }));
    await userEvent.type(screen.getByLabelText('Doğrulama kodu'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(await screen.findByText(wrong)).toBeTruthy();
    expect(card().getByText('Açık')).toBeTruthy();

    refuse = false;
    await userEvent.type(screen.getByLabelText('Doğrulama kodu'), '123456');
    const form = screen.getByLabelText('Doğrulama kodu').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(calls).toHaveLength(2));
    finish(HttpResponse.json({ message: 'Kapatıldı' }));
    expect(await card().findByText('Kapalı')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.body])).toEqual([['DELETE', { code: '000000' }], ['DELETE', { code: '123456' }]]);
  });

  it('an account that requires two-factor offers no way to turn it off', async () => {
    openTwoFactor({ enabled: true, required: true, recoveryCodesLeft: 10 });
    expect(await screen.findByText('Üyesi olduğunuz bir hesap iki adımlı doğrulamayı zorunlu tutuyor.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kapat' })).toBeNull();
  });
});

const session = (n: number, over: Partial<TUserSession> = {}): TUserSession => ({
  _id: fixtureId(n), device: `Firefox ${n}`, ip: '10.0.0.1', createdAt: '2026-11-28T09:00:00.000Z', lastSeenAt: '2026-11-28T10:00:00.000Z', current: false, ...over,
});

describe('SessionsCard', { timeout: 15_000 }, () => {
  it("ends a session after confirming; a refusal's message can be dismissed", async () => {
    const calls: RecordedCall[] = [];
    apiServer.use(
      http.get('/api/auth/sessions', () => HttpResponse.json([session(1, { current: true }), session(2)])),
      http.delete('/api/auth/sessions/:id', recorded(calls, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Oturum bulunamadı' }, { status: 404 }))),
    );
    render(<QueryClientProvider client={createQueryClient()}><SessionsCard /><DialogHost /></QueryClientProvider>);
    const rows = await screen.findAllByTestId('session-row');
    expect(within(rows[0]!).getByText('Bu cihaz')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Oturumu kapat' })).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Oturumu kapat' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oturumu kapat' }));
    expect(await screen.findByText('Oturum bulunamadı')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByText('Oturum bulunamadı')).toBeNull());
    expect(calls.map((c) => [c.method, c.url])).toEqual([['DELETE', `/api/auth/sessions/${fixtureId(2)}`]]);
  });
});

describe('PasswordCard', { timeout: 15_000 }, () => {
  function openPassword(answer: () => Response) {
    const calls: RecordedCall[] = [];
    tokenStorage.set('eski-anahtar');
    useSession.setState({ status: 'authenticated', user: aUser() });
    apiServer.use(http.post('/api/auth/password', recorded(calls, answer)));
    render(<QueryClientProvider client={createQueryClient()}><PasswordCard /></QueryClientProvider>);
    return calls;
  }
  const fill = async (current: string, next: string, again: string) => {
    await userEvent.type(screen.getByLabelText('Mevcut şifre'), current);
    await userEvent.type(screen.getByLabelText('Yeni şifre'), next);
    await userEvent.type(screen.getByLabelText('Yeni şifre (tekrar)'), again);
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi Değiştir' }));
  };

  it("sends the current and new password; the answer's token replaces this browser's and the fields empty", async () => {
    const message = 'Şifreniz değiştirildi; diğer 2 oturumunuz kapatıldı';
    const calls = openPassword(() => HttpResponse.json({ message, ended: 2, token: 'yeni-anahtar', user: aUser() }));
    await fill('eski-sifre', 'yeni-sifre-1', 'yeni-sifre-1');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/auth/password', { currentPassword: 'eski-sifre', newPassword: 'yeni-sifre-1' }],
    ]);
    expect(tokenStorage.get()).toBe('yeni-anahtar');
    expect(useSession.getState().status).toBe('authenticated');
    expect((screen.getByLabelText('Mevcut şifre') as HTMLInputElement).value).toBe('');
  });

  it('new passwords that differ, or one shorter than 6, are said under the field and nothing is sent', async () => {
    const calls = openPassword(() => HttpResponse.json({}));
    await fill('eski-sifre', 'yeni-sifre-1', 'yeni-sifre-2');
    expect(await screen.findByText('Yeni şifreler eşleşmiyor')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Yeni şifre'));
    await userEvent.clear(screen.getByLabelText('Yeni şifre (tekrar)'));
    await userEvent.type(screen.getByLabelText('Yeni şifre'), '123');
    await userEvent.type(screen.getByLabelText('Yeni şifre (tekrar)'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi Değiştir' }));
    expect(await screen.findByText('Şifre en az 6 karakter olmalıdır')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(tokenStorage.get()).toBe('eski-anahtar');
  });

  it("a wrong current password shows the server's refusal and keeps this browser's token", async () => {
    const refusal = 'Mevcut şifreniz hatalı. Şifrenizi değiştirmek için şu anki şifrenizi girin.';
    openPassword(() => HttpResponse.json({ code: 'FORBIDDEN', message: refusal }, { status: 403 }));
    await fill('tahmin-1', 'yeni-sifre-1', 'yeni-sifre-1');
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(tokenStorage.get()).toBe('eski-anahtar');
  });
});

describe('SupportResetCard', { timeout: 15_000 }, () => {
  it("resets a person's two-factor after confirming; an unknown one shows the server's refusal; a malformed address sends nothing", async () => {
    const calls: RecordedCall[] = [];
    apiServer.use(http.post('/api/auth/2fa/reset', recorded(calls, async ({ request }) => {
      const { email } = await request.json() as { email: string };
      return email === 'ayse@hastane.org.tr'
        ? HttpResponse.json({ message: `${email} için iki adımlı doğrulama sıfırlandı` })
        : HttpResponse.json({ code: 'NOT_FOUND', message: 'Kullanıcı bulunamadı' }, { status: 404 });
    })));
    render(<QueryClientProvider client={createQueryClient()}><SupportResetCard /><DialogHost /></QueryClientProvider>);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Kişinin e-posta adresi');
    await user.type(field, 'eposta-degil');
    await user.click(screen.getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }));
    expect(await screen.findByText('Geçerli bir e-posta adresi girin')).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'Ayse@Hastane.org.tr');
    await user.type(screen.getByLabelText('Kendi şifreniz'), 'gizli123');
    await user.click(screen.getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('ayse@hastane.org.tr için iki adımlı doğrulama ve kurtarma kodları silinecek');
    await user.click(within(dialog).getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }));
    expect(await screen.findByText('ayse@hastane.org.tr için iki adımlı doğrulama sıfırlandı')).toBeTruthy();

    await user.type(field, 'kimse@ornek.com');
    await user.type(screen.getByLabelText('Kendi şifreniz'), 'gizli123');
    await user.type(screen.getByLabelText('Kendi doğrulama kodunuz'), '123456');
    await user.click(screen.getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İki adımlı doğrulamayı sıfırla' }));
    expect(await screen.findByText('Kullanıcı bulunamadı')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'ayse@hastane.org.tr', password: 'gizli123' }, { email: 'kimse@ornek.com', password: 'gizli123', code: '123456' },
    ]);
  });
});
