import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { createQueryClient } from '../../lib/query-client';
import { apiServer } from '../../testing/api-server';
import type { TCurrentPackage, TPackage } from '@pano/contract';
import { PackagesPage } from './packages-page';
import { signedInAs } from '../../testing/session';

signedInAs();

afterEach(() => {
  cleanup();
});

const REQUIRED = 'Bu sayfayı kullanmak için aktif bir paketiniz olmalı. Aşağıdan bir paket seçin.';

type Answers = { packages?: TPackage[]; current?: TCurrentPackage | null };

function renderAt(entry: { pathname: string; state?: unknown }, answers: Answers = {}) {
  apiServer.use(
    http.get('/api/purchase/current', () => HttpResponse.json({ current: answers.current ?? null })),
    http.get('/api/packages', () => HttpResponse.json(answers.packages ?? [])),
  );
  const router = createMemoryRouter([{ path: '/packages', element: <PackagesPage /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PackagesPage', () => {
  it('says why the customer is here after a 402 sent them from another page', async () => {
    renderAt({ pathname: '/packages', state: { packageRequiredFrom: '/media' } });
    await screen.findByText('Şu anda satın alınabilecek paket bulunmuyor');
    expect(screen.getByRole('status').textContent).toBe(REQUIRED);
  });

  it('shows no such notice when opened from the menu', async () => {
    renderAt({ pathname: '/packages' });
    await screen.findByText('Şu anda satın alınabilecek paket bulunmuyor');
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });
});

const pkg = (id: number, name: string, price: number): TPackage => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`, name, description: `${name} paketi`, price, duration: 30, isPopular: false, isActive: true,
  features: { maxMediaUpload: 5, maxScreens: 3, maxPlaylists: 10, maxMembers: 5 }, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
});

describe('PackagesPage: the running package', () => {
  const packages = [pkg(1, 'Başlangıç', 499), pkg(2, 'Profesyonel', 1299), pkg(3, 'Kurumsal', 3999)];
  const current: TCurrentPackage = { packageId: packages[1]!._id, packageName: 'Profesyonel', expiresAt: '2026-03-21T12:00:00.000Z', remainingDays: 20, isFree: false };
  const cardOf = (name: string) => screen.getAllByTestId('package-card').find((c) => c.querySelector('h2')?.textContent === name)!;

  it("marks the current package 'Mevcut paketiniz' with its remaining days, and says what choosing does", async () => {
    renderAt({ pathname: '/packages' }, { packages, current });
    expect((await screen.findByTestId('package-current')).textContent).toBe('Mevcut paketiniz20 gün kaldı · Bitiş: 21.03.2026');
    expect(cardOf('Profesyonel').querySelector('[data-testid="package-current"]')).not.toBeNull();
    expect(screen.getAllByTestId('package-current')).toHaveLength(1);
    expect(cardOf('Profesyonel').className).toContain('is-current');
    expect(screen.getByRole('status').textContent).toBe(
      'Mevcut paketiniz Profesyonel: 20 gün kaldı (bitiş 21.03.2026). Aynı paketi seçerseniz yeni süre bitiş tarihinizin ardından eklenir; başka bir paket seçerseniz kalan günleriniz günlük fiyatlar oranında yeni pakete aktarılır. Ödenmiş süreniz kaybolmaz.');
  });

  it('marks nothing when no package runs', async () => {
    renderAt({ pathname: '/packages' }, { packages, current: null });
    await screen.findByText('Kurumsal');
    expect(screen.queryByTestId('package-current')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
