import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { RegisterAdminPage } from './register-admin-page';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** What the server answers a new admin (ZRegisterResponse). */
const created = () => Response.json({
  message: 'Admin hesabı oluşturuldu',
  user: { _id: '5f0c5a1e-0000-4000-8000-000000000002', email: 'admin@ornek.com', firstName: 'Ayşe', lastName: 'Yılmaz', role: 'admin', account: null },
}, { status: 201 });

/** The fake API answers both ways of creating an admin with `response`; `fetchMock` records each request as fetch's (url, init). */
function setup(response: () => Response = created, entry = '/register-admin') {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  const answer = async ({ request }: { request: Request }) => {
    fetchMock(...await fetchCallOf(request));
    return response();
  };
  apiServer.use(http.post('/api/auth/admin-register', answer), http.post('/api/auth/setup-admin', answer));
  const router = createMemoryRouter(
    [
      { path: '/register-admin', element: <RegisterAdminPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<QueryClientProvider client={createQueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { fetchMock, router, user };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>> = {}) {
  const v = { Ad: 'Ayşe', Soyad: 'Yılmaz', Email: 'ayse@example.com', Şifre: 'gizli123', 'Admin Anahtarı': 'anahtar', ...values };
  for (const [label, value] of Object.entries(v)) if (value) await user.type(screen.getByLabelText(label), value);
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Admin Hesabı Oluştur' }));

describe('RegisterAdminPage', () => {
  it('requires all five fields and sends nothing', async () => {
    const { fetchMock, user } = setup();
    await fill(user, { 'Admin Anahtarı': '' });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Lütfen tüm alanları doldurun');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format and the 6-character password, and clears the error on any input', async () => {
    const { fetchMock, user } = setup();
    await fill(user, { Email: 'ayse-at-example', Şifre: '12345' });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Geçerli bir e-posta adresi girin');
    await user.type(screen.getByLabelText('Ad'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ayse@example.com');
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Şifre en az 6 karakter olmalıdır');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message on failure, or the spec fallback", async () => {
    const { user } = setup(() => new Response('{"message":"Admin anahtarı geçersiz","code":"FORBIDDEN"}', { status: 403 }));
    await fill(user);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Admin anahtarı geçersiz');
  });

  it('falls back to Admin kayıt işlemi başarısız when the server cannot be reached', async () => {
    const { user } = setup(() => HttpResponse.error());
    await fill(user);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Admin kayıt işlemi başarısız');
  });

  it('posts the five fields, confirms, and goes to /login after exactly 3 seconds', async () => {
    const { fetchMock, router, user } = setup();
    await fill(user);
    await submit(user);
    expect(await screen.findByText('Admin Hesabı Oluşturuldu!')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/admin-register');
    expect(JSON.parse(String(init.body))).toEqual({
      firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', password: 'gizli123', adminKey: 'anahtar',
    });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(router.state.location.pathname).toBe('/register-admin');
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('never shows a sample admin key', () => {
    setup();
    expect(document.body.textContent).not.toMatch(/örnek anahtar|sample key/i);
    expect((screen.getByLabelText('Admin Anahtarı') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Admin Anahtarı').getAttribute('placeholder')).toBeNull();
  });

  describe('with the one-time setup link (?setup=…)', () => {
    const link = '/register-admin?setup=tek-kullanimlik-token';

    it('asks for no admin key, says why, and sends the token instead', async () => {
      const { fetchMock, user } = setup(undefined, link);
      expect(screen.queryByLabelText('Admin Anahtarı')).toBeNull();
      expect(document.body.textContent).toContain('ilk yönetici hesabını oluşturuyorsunuz; admin anahtarı gerekmez');
      expect(document.body.textContent).toContain('Bu kurulum bağlantısı tek kullanımlıktır');
      expect(document.body.textContent).not.toContain('admin anahtarı zorunludur');
      await fill(user, { 'Admin Anahtarı': '' });
      await submit(user);
      expect(await screen.findByText('Admin Hesabı Oluşturuldu!')).toBeTruthy();
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/auth/setup-admin');
      expect(JSON.parse(String(init.body))).toEqual({
        firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', password: 'gizli123', setupToken: 'tek-kullanimlik-token',
      });
    });

    it('still requires the four fields, and shows why a used link is refused', async () => {
      const refused = '{"message":"Bu kurulum bağlantısı geçersiz ya da kullanılmış.","code":"SETUP_LINK_INVALID"}';
      const { fetchMock, user } = setup(() => new Response(refused, { status: 403 }), link);
      await fill(user, { Soyad: '', 'Admin Anahtarı': '' });
      await submit(user);
      expect(screen.getByRole('alert').textContent).toBe('Lütfen tüm alanları doldurun');
      expect(fetchMock).not.toHaveBeenCalled();
      await user.type(screen.getByLabelText('Soyad'), 'Yılmaz');
      await submit(user);
      expect((await screen.findByRole('alert')).textContent).toBe('Bu kurulum bağlantısı geçersiz ya da kullanılmış.');
    });
  });
});
