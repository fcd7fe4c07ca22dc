import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(cleanup);

const TOKEN = 'Xk3_abcdefghijklmnopqrstuvwxyz0123456789-AB';

function resetPassword(answer = () => HttpResponse.json({ message: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.' })) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.post('/api/auth/reset-password', async ({ request }) => {
    fetchMock(...await fetchCallOf(request));
    return answer();
  }));
  return fetchMock;
}

const renderAt = (path: string) => render(
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/sifre-sifirla" element={<ResetPasswordPage />} />
        <Route path="/sifremi-unuttum" element={<p>unuttum sayfası</p>} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>,
);

const messages = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('ResetPasswordPage', () => {
  it("sends the link's token with the new password, then /login says it is done", async () => {
    const fetchMock = resetPassword();
    renderAt(`/sifre-sifirla?token=${TOKEN}`);
    await userEvent.type(screen.getByLabelText('Yeni şifre'), 'yeni-sifre-1');
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi Kaydet' }));
    expect(await screen.findByText('Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Giriş Yap' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, JSON.parse(String(init.body))]).toEqual(['/api/auth/reset-password', { token: TOKEN, password: 'yeni-sifre-1' }]);
  });

  it('checks the password with the registration rule, in Turkish', async () => {
    const fetchMock = resetPassword();
    renderAt(`/sifre-sifirla?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi Kaydet' }));
    expect(messages()).toEqual(['Şifre zorunludur']);
    await userEvent.type(screen.getByLabelText('Yeni şifre'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi Kaydet' }));
    expect(messages()).toEqual(['Şifre en az 6 karakter olmalıdır']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for a used or expired link and offers a new one", async () => {
    const refused = 'Bu şifre sıfırlama bağlantısının süresi dolmuş (bağlantılar 60 dakika geçerlidir). "Şifremi unuttum" sayfasından yeni bir bağlantı isteyin.';
    resetPassword(() => HttpResponse.json({ code: 'RESET_LINK_EXPIRED', message: refused }, { status: 400 }));
    renderAt(`/sifre-sifirla?token=${TOKEN}`);
    await userEvent.type(screen.getByLabelText('Yeni şifre'), 'yeni-sifre-1');
    await userEvent.click(screen.getByRole('button', { name: 'Şifreyi Kaydet' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    await userEvent.click(screen.getByRole('link', { name: 'Yeni bağlantı isteyin' }));
    expect(screen.getByText('unuttum sayfası')).toBeTruthy();
  });

  it('says so when the link lost its token, with no form to send', async () => {
    resetPassword();
    renderAt('/sifre-sifirla');
    expect(messages()).toEqual(['Bu bağlantı eksik. E-postadaki bağlantıyı tam olarak açın ya da yeni bir bağlantı isteyin.']);
    expect(screen.queryByRole('button', { name: 'Şifreyi Kaydet' })).toBeNull();
  });
});
