import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { TUser } from '@pano/contract';
import { useSession } from '../../stores/session-store';
import { apiServer, emptyLists } from '../../testing/api-server';
import { SidebarNav } from '../../components/layout/sidebar-nav';
import { AlertsPage } from './alerts-page';

// 'Acil Duyuru' sends to the customer's own screens from the customer's account: admins are
// not offered it (docs/PRODUCT.md#roles).
afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

const signIn = (role: TUser['role']) => useSession.setState({
  status: 'authenticated',
  user: {
    _id: '00000000-0000-4000-8000-000000000001', email: 'x@ornek.com', firstName: 'Deniz', lastName: null, role,
    account: { _id: '00000000-0000-4000-8000-000000000002', name: 'Deniz', role: 'owner', limited: false },
  },
});

function renderWithRouter(node: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}><MemoryRouter>{node}</MemoryRouter></QueryClientProvider>);
}

describe('Acil Duyuru for admins', () => {
  it('the sidebar offers it to customers, first, and not to admins', () => {
    renderWithRouter(<SidebarNav admin={false} sendsAlerts onNavigate={() => {}} />);
    expect(screen.getAllByRole('link')[0]!.textContent).toBe('Acil Duyuru');
    cleanup();
    renderWithRouter(<SidebarNav admin onNavigate={() => {}} />);
    const links = screen.getAllByRole('link').map((l) => l.textContent);
    expect(links).not.toContain('Acil Duyuru');
    expect(links).toContain('Medya');
  });

  it('an admin opening /alerts is told it is for customers, and nothing is asked of the server', () => {
    signIn('admin');
    const fetchSpy = vi.fn(() => HttpResponse.json([]));
    apiServer.use(http.all('*', fetchSpy));
    renderWithRouter(<AlertsPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acil Duyuru');
    expect(screen.getByRole('alert').textContent).toBe('Bu sayfayı sadece müşteriler kullanabilir');
    expect(screen.queryByRole('region', { name: 'Duyuru Gönder' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a customer gets the page', async () => {
    signIn('customer');
    apiServer.use(...emptyLists('/api/alerts', '/api/alert-templates', '/api/media', '/api/screens', '/api/screen-groups'));
    renderWithRouter(<AlertsPage />);
    expect(await screen.findByRole('region', { name: 'Duyuru Gönder' })).toBeTruthy();
    expect(screen.queryByText('Bu sayfayı sadece müşteriler kullanabilir')).toBeNull();
  });
});
