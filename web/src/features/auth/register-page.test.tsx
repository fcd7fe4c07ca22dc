import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { apiServer, fetchCallOf } from '../../testing/api-server';
import { RegisterPage } from './register-page';

afterEach(() => {
  cleanup();
});

/** The fake API takes a registration; `fetchMock` records each as fetch's (url, init). */
function registration() {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => void>();
  apiServer.use(http.post('/api/auth/register', async ({ request }) => {
    fetchMock(...await fetchCallOf(request));
    return HttpResponse.json({
      message: 'Kayıt başarılı',
      user: { _id: '5f0c5a1e-0000-4000-8000-000000000001', email: 'ayse@ornek.com', firstName: null, lastName: null, role: 'customer', account: null },
    }, { status: 201 });
  }));
  return fetchMock;
}

const messages = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('RegisterPage validation', () => {
  it("shows the contract's Turkish messages and sends nothing while a field is wrong", async () => {
    const fetchMock = registration();
    render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><RegisterPage /></MemoryRouter></QueryClientProvider>);
    const button = screen.getByRole('button', { name: 'Kayıt Ol' });
    expect(button.closest('form')!.noValidate).toBe(true);

    await userEvent.click(button);
    expect(messages()).toEqual(['E-posta zorunludur', 'Şifre zorunludur']);

    await userEvent.type(screen.getByLabelText('Email'), 'ayse@ornek');
    await userEvent.type(screen.getByLabelText('Şifre'), '123');
    await userEvent.click(button);
    expect(messages()).toEqual(['Geçerli bir e-posta adresi girin', 'Şifre en az 6 karakter olmalıdır']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid form', async () => {
    const fetchMock = registration();
    render(<QueryClientProvider client={createQueryClient()}><MemoryRouter><RegisterPage /></MemoryRouter></QueryClientProvider>);
    await userEvent.type(screen.getByLabelText('Email'), ' ayse@ornek.com ');
    await userEvent.type(screen.getByLabelText('Şifre'), 'Parola123!');
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(messages()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'ayse@ornek.com', password: 'Parola123!' });
  });
});
