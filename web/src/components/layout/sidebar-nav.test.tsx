import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SidebarNav } from './sidebar-nav';

afterEach(cleanup);

const labels = (admin: boolean) => {
  render(<MemoryRouter><SidebarNav admin={admin} onNavigate={() => {}} /></MemoryRouter>);
  return screen.getAllByRole('link').map((l) => l.textContent);
};

describe('sidebar links', () => {
  it("gives customers 'Raporlar' after 'Zamanlama'", () => {
    const links = labels(false);
    expect(links.indexOf('Raporlar')).toBe(links.indexOf('Zamanlama') + 1);
    expect(screen.getByRole('link', { name: 'Raporlar' }).getAttribute('href')).toBe('/reports');
  });

  it('gives admins no reports link: plays are counted per customer', () => {
    expect(labels(true)).not.toContain('Raporlar');
  });
});
