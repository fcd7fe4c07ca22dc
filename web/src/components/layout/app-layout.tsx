import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { Sidebar } from './sidebar';

/** Signed-in shell: sidebar on wide screens, hamburger menu below 768px (spec §9). */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">{tr.nav.skipToContent}</a>
      <header className="topbar">
        <button
          type="button"
          className="hamburger"
          aria-controls="sidebar"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? tr.nav.closeMenu : tr.nav.openMenu}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span /><span /><span />
        </button>
        <span className="topbar-brand">{tr.app.name}</span>
      </header>
      <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen && <div className="sidebar-scrim" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
