import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
});

/** The server is the outside world here: POST /api/auth/login answers as it would; `fetchMock` records it as fetch's (url, init). */
function renderForm(answer: () => Promise<Response>, onSuccess = vi.fn()) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.post('/api/auth/login', async ({ request }) => {
    fetchMock(...await fetchCallOf(request));
    return answer();
  }));
  render(<QueryClientProvider client={createQueryClient()}><LoginForm onSuccess={onSuccess} /></QueryClientProvider>);
  return { fetchMock, onSuccess };
}

const user = { _id: '00000000-0000-4000-8000-000000000001', email: 'a@b.co', firstName: null, lastName: null, role: 'customer' as const, account: null };

async function fill() {
  await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
  await userEvent.type(screen.getByLabelText('Şifre'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

describe('LoginForm', () => {
  it("reads 'Giriş Yapılıyor...' and is disabled while busy, then reports success", async () => {
    let finish!: (r: Response) => void;
    const { fetchMock, onSuccess } = renderForm(() => new Promise<Response>((r) => { finish = r; }));
    await fill();
    const busy = await screen.findByRole('button', { name: /Giriş Yapılıyor\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, JSON.parse(String(init.body))]).toEqual(['/api/auth/login', { email: 'a@b.co', password: 'secret1' }]);
    finish(Response.json({ token: 't', user }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ token: 't', user }));
  });

  it('shows the server message on failure', async () => {
    renderForm(async () => Response.json({ message: 'Çok fazla deneme yaptınız', code: 'RATE_LIMITED' }, { status: 429 }));
    await fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Çok fazla deneme yaptınız');
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it("falls back to 'Email veya şifre hatalı' without a server message", async () => {
    renderForm(async () => new Response('<html>502</html>', { status: 502, statusText: 'Bad Gateway' }));
    await fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Email veya şifre hatalı');
  });

  it("checks the fields itself, in Turkish, whatever the browser's language", async () => {
    const { fetchMock } = renderForm(async () => Response.json({}));
    expect(screen.getByRole('button', { name: 'Giriş Yap' }).closest('form')!.noValidate).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    // The schema is loaded when the form is first used (docs/PERFORMANCE.md#contract-chunks).
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['E-posta zorunludur', 'Şifre zorunludur']));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ornek');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Şifre zorunludur']);
    await userEvent.type(screen.getByLabelText('Şifre'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Geçerli bir e-posta adresi girin']));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
