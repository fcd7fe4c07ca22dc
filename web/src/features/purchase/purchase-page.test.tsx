import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { HttpHandler } from 'msw';
import type { TPaymentConfig, TPurchasePlan } from '@pano/contract';
import { apiServer, recordAll } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { PurchasePage } from './purchase-page';
import { pkg, purchase } from './purchase-test-data';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});


/**
 * The server is the outside world here: the fake API answers like it would, every request
 * recorded; a test's own `handlers` come before these.
 */
function setup(o: { config?: TPaymentConfig; path?: string; handlers?: HttpHandler[] } = {}) {
  const calls: RecordedCall[] = [];
  apiServer.use(
    recordAll(calls),
    ...(o.handlers ?? []),
    http.get('/api/purchase/config', () => HttpResponse.json(o.config ?? { provider: 'dev' })),
    http.get('/api/packages/:id', () => HttpResponse.json(pkg)),
    http.post('/api/purchase/confirm-session', () => HttpResponse.json({ message: 'ok', purchase })),
    // No plan unless a test gives one: the page sells without it.
    http.get('/api/purchase/plan/:id', () => HttpResponse.json({ message: 'beklenmeyen çağrı' }, { status: 500 })),
  );
  const router = createMemoryRouter([
    { path: '/purchase/:packageId', element: <PurchasePage /> },
    { path: '/packages', element: <p>Paketler sayfası</p> },
    { path: '/settings', element: <p>Kullanım sayfası</p> },
  ], { initialEntries: [o.path ?? `/purchase/${pkg._id}`] });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><RouterProvider router={router} /></QueryClientProvider>);
  return { calls, router };
}

describe('PurchasePage', () => {
  it('shows the package summary and the dev card form with the amount on the pay button', async () => {
    setup();
    expect((await screen.findByTestId('purchase-total')).textContent).toBe('₺499,00');
    expect(await screen.findByRole('button', { name: '₺499,00 Öde' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' })).toBeTruthy();
  });

  it('explains in Turkish when Stripe has no publishable key, and still offers hosted checkout', async () => {
    setup({ config: { provider: 'stripe' } });
    expect((await screen.findByText(/yayınlanabilir anahtarı \(STRIPE_PUBLISHABLE_KEY\) tanımlı değil/)).textContent)
      .toContain('Kart ile ödeme şu anda kullanılamıyor');
    expect(screen.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' })).toBeTruthy();
  });

  it("hosted checkout: no url → 'Ödeme oturumu oluşturulamadı'; a failure → 'Ödeme başlatılırken hata oluştu'", async () => {
    let fail = false;
    const { calls } = setup({
      handlers: [http.post('/api/purchase/create-checkout-session',
        () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json({ url: '', sessionId: null })))],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ödeme oturumu oluşturulamadı');
    expect(calls.find((c) => c.url === '/api/purchase/create-checkout-session')?.body).toEqual({
      packageId: pkg._id, successUrl: `${window.location.origin}/purchase/${pkg._id}`, cancelUrl: `${window.location.origin}/purchase/${pkg._id}`,
    });
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ödeme başlatılırken hata oluştu'));
  });

  it("hosted checkout: a refusal that carries the server's message shows it, like every other payment failure", async () => {
    setup({
      handlers: [http.post('/api/purchase/create-checkout-session',
        () => HttpResponse.json({ message: 'Bu paket şu anda satışta değil', code: 'PACKAGE_INACTIVE' }, { status: 409 }))],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Güvenli Ödeme Sayfasına Git' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bu paket şu anda satışta değil');
  });

  it("card flow: a server failure shows the server message, or 'Ödeme sırasında hata oluştu'", async () => {
    let message: string | undefined = 'Paket bulunamadı';
    setup({ handlers: [http.post('/api/purchase/create-payment-intent',
      () => HttpResponse.json(message ? { message, code: 'NOT_FOUND' } : {}, { status: message ? 404 : 500 }))] });
    await userEvent.type(await screen.findByLabelText('Kart Sahibi'), 'Ayşe');
    await userEvent.type(screen.getByLabelText('Kart Numarası'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Son Kullanma (AA/YY)'), '1234');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: '₺499,00 Öde' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Paket bulunamadı');
    message = undefined;
    await userEvent.click(screen.getByRole('button', { name: '₺499,00 Öde' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ödeme sırasında hata oluştu'));
  });

  it('back from hosted checkout: confirms session_id, removes it from the URL and shows the success view', async () => {
    const { calls, router } = setup({ path: `/purchase/${pkg._id}?session_id=cs_test_1` });
    expect(await screen.findByText('Ödeme Başarılı!')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/purchase/confirm-session').map((c) => c.body)).toEqual([{ sessionId: 'cs_test_1' }]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('ABCD2345')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).toBe('/dashboard');
  });

  it('cancel returns to /packages', async () => {
    const { router } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/packages'));
  });

  it("offers 'İptal' back to /packages when the package can't be loaded", async () => {
    const { router } = setup({
      path: '/purchase/00000000-0000-4000-8000-00000000dead',
      handlers: [http.get('/api/packages/:id', () => HttpResponse.json({ message: 'Paket bulunamadı', code: 'NOT_FOUND' }, { status: 404 }))],
    });
    expect(await screen.findByText('Paket bilgisi yüklenirken hata oluştu')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/packages'));
  });
});

describe('PurchasePage: what happens to the remaining days', () => {
  const current = { packageId: '00000000-0000-4000-8000-000000000001', packageName: 'Profesyonel', expiresAt: '2026-03-21T12:00:00.000Z', remainingDays: 20, isFree: false };
  const plan = (o: Partial<TPurchasePlan>): TPurchasePlan => ({
    kind: 'change', current, packageName: 'Başlangıç', durationDays: 30, extraDays: 52, expiresAt: '2026-05-22T12:00:00.000Z', refusal: null, ...o,
  });
  const withPlan = (p: TPurchasePlan) => setup({ handlers: [http.get(`/api/purchase/plan/${pkg._id}`, () => HttpResponse.json(p))] });
  const text = async () => (await screen.findByTestId('purchase-plan-text')).textContent;

  it('a renewal: the remaining days stay and the new ones follow the current expiry', async () => {
    withPlan(plan({ kind: 'renewal', current: { ...current, packageId: pkg._id, packageName: 'Başlangıç' }, extraDays: 0, expiresAt: '2026-04-20T12:00:00.000Z' }));
    expect(await text()).toBe('Bu paket şu anki paketiniz. Kalan 20 gününüz korunur ve yeni 30 gün mevcut bitiş tarihinizin (21.03.2026) ardından eklenir.');
    expect(screen.getByTestId('purchase-plan-end').textContent).toBe('20.04.2026');
    expect(screen.getByText('Mobil kodunuz değişmez; eşleştirilmiş ekranlarınız çalışmaya devam eder.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '₺499,00 Öde' })).toBeTruthy();
  });

  it('another package: the current one ends today and its days convert by daily price into the numbers the server gave', async () => {
    withPlan(plan({}));
    expect(await text()).toBe(
      'Mevcut paketiniz Profesyonel bugün sona erer. Kalan 20 gününüz, iki paketin günlük fiyatları oranında Başlangıç paketine 52 gün olarak aktarılır (küsurat sizin lehinize yukarı yuvarlanır). Başlangıç bugün başlar ve 82 gün sürer.');
    expect(screen.getByTestId('purchase-plan-end').textContent).toBe('22.05.2026');
  });

  it('a free trial as the current package: says its days are not carried over', async () => {
    withPlan(plan({ current: { ...current, packageName: 'Ücretsiz Deneme', isFree: true, remainingDays: 10 }, extraDays: 0 }));
    expect(await text()).toBe('Mevcut paketiniz Ücretsiz Deneme bugün sona erer. Ücretsiz bir paket olduğu için kalan 10 günü yeni pakete gün olarak aktarılmaz. Başlangıç bugün başlar ve 30 gün sürer.');
  });

  it('nothing running: no note, the page sells as before', async () => {
    withPlan(plan({ kind: 'new', current: null, extraDays: 0 }));
    expect(await screen.findByRole('button', { name: '₺499,00 Öde' })).toBeTruthy();
    expect(screen.queryByTestId('purchase-plan')).toBeNull();
  });

  it('a purchase the server refuses (a free trial over a paid package): the reason instead of the payment forms', async () => {
    const refusal = 'Ücretli paketiniz devam ederken ücretsiz deneme başlatılamaz; kalan günleriniz ücretsiz pakete aktarılamaz.';
    withPlan(plan({ refusal }));
    expect((await screen.findByText(refusal)).closest('.banner')?.className).toContain('banner-warning');
    expect(screen.queryByTestId('purchase-plan')).toBeNull();
    expect(screen.queryByRole('button', { name: /Öde$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'İptal' })).toBeTruthy();
  });
});
