import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLoginResponse } from '@pano/contract';
import { ApiError } from '../../lib/api-error';
import { LoginForm } from './login-form';

afterEach(cleanup);

const user = { _id: '00000000-0000-4000-8000-000000000001', email: 'a@b.co', firstName: null, lastName: null, role: 'customer' as const };

async function fill() {
  await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
  await userEvent.type(screen.getByLabelText('Şifre'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

describe('LoginForm', () => {
  it("reads 'Giriş Yapılıyor...' and is disabled while busy, then reports success", async () => {
    let finish!: (r: TLoginResponse) => void;
    const submit = vi.fn(() => new Promise<TLoginResponse>((r) => { finish = r; }));
    const onSuccess = vi.fn();
    render(<LoginForm submit={submit} onSuccess={onSuccess} />);
    await fill();
    const busy = await screen.findByRole('button', { name: /Giriş Yapılıyor\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(submit).toHaveBeenCalledWith('a@b.co', 'secret1');
    finish({ token: 't', user });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ token: 't', user }));
  });

  it('shows the server message on failure', async () => {
    const submit = vi.fn(async () => { throw new ApiError('Çok fazla deneme yaptınız', 429, 'RATE_LIMITED'); });
    render(<LoginForm submit={submit} onSuccess={vi.fn()} />);
    await fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Çok fazla deneme yaptınız');
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it("falls back to 'Email veya şifre hatalı' without a server message", async () => {
    const submit = vi.fn(async () => { throw new TypeError('boom'); });
    render(<LoginForm submit={submit} onSuccess={vi.fn()} />);
    await fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Email veya şifre hatalı');
  });

  it("checks the fields itself, in Turkish, whatever the browser's language", async () => {
    const submit = vi.fn();
    render(<LoginForm submit={submit} onSuccess={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Giriş Yap' }).closest('form')!.noValidate).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['E-posta zorunludur', 'Şifre zorunludur']);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ornek');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Şifre zorunludur']);
    await userEvent.type(screen.getByLabelText('Şifre'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Geçerli bir e-posta adresi girin']);
    expect(submit).not.toHaveBeenCalled();
  });
});
