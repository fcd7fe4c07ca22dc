import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SidebarNav } from './sidebar-nav';

afterEach(cleanup);

type Can = { team?: boolean; activity?: boolean; sendsAlerts?: boolean };
const labels = (admin: boolean, { team = false, activity = false, sendsAlerts = true }: Can = {}) => {
  render(<MemoryRouter><SidebarNav admin={admin} team={team} activity={activity} sendsAlerts={sendsAlerts} onNavigate={() => {}} /></MemoryRouter>);
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

  it("gives the account's owners and admins 'Ekip' (/team), and nobody else", () => {
    expect(labels(false)).not.toContain('Ekip');
    cleanup();
    expect(labels(false, { team: true, activity: true }).at(-2)).toBe('Ekip');
    expect(screen.getByRole('link', { name: 'Ekip' }).getAttribute('href')).toBe('/team');
  });

  it("gives a role that may send alerts 'Acil Duyuru' first, in red; a reader an ordinary link after 'Raporlar'", () => {
    expect(labels(false, { sendsAlerts: true })[0]).toBe('Acil Duyuru');
    expect(screen.getByRole('link', { name: 'Acil Duyuru' }).className).toContain('nav-alarm');
    cleanup();
    const links = labels(false, { sendsAlerts: false });
    expect(links.filter((l) => l === 'Acil Duyuru')).toHaveLength(1);
    expect(links.indexOf('Acil Duyuru')).toBe(links.indexOf('Raporlar') + 1);
    expect(screen.getByRole('link', { name: 'Acil Duyuru' }).className).not.toContain('nav-alarm');
  });

  it("gives the account's owners and admins 'Etkinlik Geçmişi' (/activity) after 'Ekip', and platform admins 'Platform Etkinliği'", () => {
    expect(labels(false)).not.toContain('Etkinlik Geçmişi');
    cleanup();
    expect(labels(false, { team: true, activity: true }).at(-1)).toBe('Etkinlik Geçmişi');
    expect(screen.getByRole('link', { name: 'Etkinlik Geçmişi' }).getAttribute('href')).toBe('/activity');
    cleanup();
    // A group-limited admin manages the team but cannot read the history (docs/architecture/accounts.md#screen-group-limits).
    const limited = labels(false, { team: true, activity: false });
    expect(limited.at(-1)).toBe('Ekip');
    expect(limited).not.toContain('Etkinlik Geçmişi');
    cleanup();
    expect(labels(true)).toContain('Platform Etkinliği');
    expect(screen.getByRole('link', { name: 'Platform Etkinliği' }).getAttribute('href')).toBe('/admin/activity');
  });
});
