import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { LandingPage } from '../features/landing/landing-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { RegisterAdminPage } from '../features/register-admin/register-admin-page';
import { NotFoundPage } from './not-found-page';

afterEach(cleanup);

describe('public pages set the tab title, like the dashboard pages', () => {
  it.each<[string, () => ReactElement, string]>([
    ['/', () => <LandingPage />, 'Pano — Dijital Tabela Yönetimi'],
    ['/login', () => <LoginPage />, 'Giriş Yap · Pano'],
    ['/register', () => <RegisterPage />, 'Kayıt Ol · Pano'],
    ['/register-admin', () => <RegisterAdminPage />, 'Admin Hesabı Oluştur · Pano'],
    ['/sifremi-unuttum', () => <ForgotPasswordPage />, 'Şifremi Unuttum · Pano'],
    ['/sifre-sifirla', () => <ResetPasswordPage />, 'Yeni Şifre Belirle · Pano'],
    ['/olmayan-sayfa', () => <NotFoundPage />, 'Sayfa bulunamadı · Pano'],
  ])('%s', async (path, page, title) => {
    document.title = 'önceki sayfa';
    render(<QueryClientProvider client={createQueryClient()}><MemoryRouter initialEntries={[path]}>{page()}</MemoryRouter></QueryClientProvider>);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
