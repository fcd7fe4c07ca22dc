import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { PackagesPage } from './packages-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REQUIRED = 'Bu sayfayı kullanmak için aktif bir paketiniz olmalı. Aşağıdan bir paket seçin.';

function renderAt(entry: { pathname: string; state?: unknown }) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
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
