import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../stores/session-store';
import { apiServer, recorded, type RecordedCall } from '../../testing/api-server';
import { aUser } from '../../testing/fixtures';
import { LoginPage } from './login-page';

/* docs/PRODUCT.md#two-factor: the login page's second step, and a ticket that died on the way. */

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

const TICKET = 'bilet-1';
const signedIn = { token: 'oturum', user: aUser() };
const DEAD = 'Bu giriş adımı geçersiz ya da kullanılmış. Lütfen e-posta ve şifrenizle yeniden giriş yapın.';
const LOCKED = 'Doğrulama kodu 5 kez hatalı girildi; bu giriş denemesi kilitlendi. Lütfen e-posta ve şifrenizle yeniden giriş yapın.';
const otpauthUrl = 'otpauth://totp/Pano:ayse%40ornek.com?secret=JBSWY3DPEHPK3PXP&issuer=Pano';

type Answer = () => Response | Promise<Response>;
function open(step: 'verify' | 'setup', answers: { verify?: Answer; setup?: Answer; enable?: Answer } = {}) {
  const calls: RecordedCall[] = [];
  apiServer.use(
    http.post('/api/auth/login', () => HttpResponse.json(step === 'verify' ? { twoFactorRequired: true, ticket: TICKET } : { twoFactorSetupRequired: true, ticket: TICKET })),
    http.post('/api/auth/2fa/verify', recorded(calls, answers.verify ?? (() => HttpResponse.json(signedIn)))),
    http.post('/api/auth/2fa/setup', recorded(calls, answers.setup ?? (() => HttpResponse.json({ otpauthUrl, qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })))),
    http.post('/api/auth/2fa/enable', recorded(calls, answers.enable ?? (() => HttpResponse.json({ ...signedIn, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] })))),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/packages" element={<p>Ana sayfa</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'ayse@ornek.com');
  await userEvent.type(screen.getByLabelText('Şifre'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

const sent = (calls: RecordedCall[]) => calls.map((c) => [c.url, c.body]);

describe('the second step of signing in', { timeout: 15_000 }, () => {
  it('signs in with the code, sending it once however often the form is submitted', async () => {
    let finish!: (r: Response) => void;
    const calls = open('verify', { verify: () => new Promise<Response>((r) => { finish = r; }) });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Doğrulama kodu'), '123 456');
    const form = screen.getByRole('button', { name: 'Doğrula ve Giriş Yap' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(calls).toHaveLength(1));
    finish(HttpResponse.json(signedIn));
    expect(await screen.findByText('Ana sayfa')).toBeTruthy();
    expect(sent(calls)).toEqual([['/api/auth/2fa/verify', { ticket: TICKET, code: '123 456' }]]);
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('a wrong code keeps the step, with the Turkish message and an empty field', async () => {
    const wrong = 'Doğrulama kodu hatalı. Kimlik doğrulama uygulamanızdaki güncel kodu ya da kullanılmamış bir kurtarma kodunu girin.';
    open('verify', { verify: () => HttpResponse.json({ code: 'TWO_FACTOR_CODE_INVALID', message: wrong }, { status: 400 }) });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Doğrulama kodu'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Doğrula ve Giriş Yap' }));
    expect(await screen.findByText(wrong)).toBeTruthy();
    expect((screen.getByLabelText('Doğrulama kodu') as HTMLInputElement).value).toBe('');
    expect(useSession.getState().status).not.toBe('authenticated');
  });

  it.each([
    ['used or expired (401 LOGIN_TICKET_INVALID)', 401, 'LOGIN_TICKET_INVALID', DEAD],
    ['locked by five wrong codes (429 LOGIN_TICKET_LOCKED)', 429, 'LOGIN_TICKET_LOCKED', LOCKED],
  ])('a ticket %s sends the person back to the password form with the message', async (_, status, code, message) => {
    open('verify', { verify: () => HttpResponse.json({ code, message }, { status }) });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Doğrulama kodu'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Doğrula ve Giriş Yap' }));
    expect(await screen.findByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByLabelText('Doğrulama kodu')).toBeNull();
    // Signing in again starts over: the message goes.
    await signInWithPassword();
    await screen.findByLabelText('Doğrulama kodu');
    expect(screen.queryByText(message)).toBeNull();
  });

  it("'Yeniden giriş yap' goes back to the password form without a message", async () => {
    open('verify');
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Yeniden giriş yap' }));
    expect(await screen.findByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an account that requires two-factor: set up with the QR, keep the recovery codes, then signed in', async () => {
    const calls = open('setup');
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'İki Adımlı Doğrulamayı Kurun' })).toBeTruthy();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'İki adımlı doğrulama için QR kodu' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Doğrulama kodu'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Etkinleştir' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes.textContent).toContain('aaaa-bbbb');
    expect(useSession.getState().status).not.toBe('authenticated');
    await userEvent.click(screen.getByRole('button', { name: 'Kodları kaydettim, devam et' }));
    expect(await screen.findByText('Ana sayfa')).toBeTruthy();
    expect(sent(calls)).toEqual([['/api/auth/2fa/setup', { ticket: TICKET }], ['/api/auth/2fa/enable', { ticket: TICKET, code: '654321' }]]);
  });

  it('setting up with a ticket that died goes back to the password form, at the QR or at the code', async () => {
    open('setup', { setup: () => HttpResponse.json({ code: 'LOGIN_TICKET_INVALID', message: DEAD }, { status: 401 }) });
    await signInWithPassword();
    expect(await screen.findByText(DEAD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
    cleanup();
    open('setup', { enable: () => HttpResponse.json({ code: 'LOGIN_TICKET_LOCKED', message: LOCKED }, { status: 429 }) });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Doğrulama kodu'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Etkinleştir' }));
    expect(await screen.findByText(LOCKED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
  });
});
