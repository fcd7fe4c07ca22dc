import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';

afterEach(cleanup);

const CONFIRMATION = 'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi.';

/** The fake API answers as the server does: 202 and the same message for any address. */
function forgotPassword(answer = () => HttpResponse.json({ message: CONFIRMATION }, { status: 202 })) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.post('/api/auth/forgot-password', async ({ request }) => {
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
        <Route path="/sifremi-unuttum" element={<ForgotPasswordPage />} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>,
);

const messages = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('ForgotPasswordPage', () => {
  it("is reached from /login's 'Şifremi unuttum'", async () => {
    renderAt('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Şifremi unuttum' }));
    expect(screen.getByRole('heading', { name: 'Şifremi Unuttum' })).toBeTruthy();
  });

  it("sends the address and shows the server's confirmation in place of the form", async () => {
    const fetchMock = forgotPassword();
    renderAt('/sifremi-unuttum');
    await userEvent.type(screen.getByLabelText('Email'), ' Ayse@Ornek.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(await screen.findByText(CONFIRMATION)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, JSON.parse(String(init.body))]).toEqual(['/api/auth/forgot-password', { email: 'ayse@ornek.com' }]);
    expect(screen.queryByLabelText('Email')).toBeNull();

    // Another address: the form again, empty.
    await userEvent.click(screen.getByRole('button', { name: 'Başka bir adres girin' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it("checks the address in Turkish and sends nothing while it's wrong", async () => {
    const fetchMock = forgotPassword();
    renderAt('/sifremi-unuttum');
    await userEvent.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(messages()).toEqual(['E-posta zorunludur']);
    await userEvent.type(screen.getByLabelText('Email'), 'ayse@');
    await userEvent.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(messages()).toEqual(['Geçerli bir e-posta adresi girin']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when refused (rate limit)", async () => {
    forgotPassword(() => HttpResponse.json({ code: 'RATE_LIMITED', message: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.' }, { status: 429 }));
    renderAt('/sifremi-unuttum');
    await userEvent.type(screen.getByLabelText('Email'), 'ayse@ornek.com');
    await userEvent.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
