import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { useSession } from '../../stores/session-store';
import { BrandMark } from './brand-mark';
import { Sidebar } from './sidebar';

/** Signed-in shell: sidebar on wide screens, hamburger menu at 768 px and narrower (docs/PRODUCT.md#layout). */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const hamburger = useRef<HTMLButtonElement>(null);
  // Switching accounts starts the shell afresh: every page's state and live socket belong to one account.
  const accountId = useSession((s) => s.user?.account?._id);
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape, the × button or the scrim close the menu: focus goes back to the hamburger,
  // not to the page body (the focused item inside the menu has just been hidden).
  const dismissMenu = () => {
    setMenuOpen(false);
    hamburger.current?.focus();
  };

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      hamburger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="app-shell" key={accountId}>
      <a href="#main" className="skip-link">{tr.nav.skipToContent}</a>
      <header className="topbar">
        <button
          ref={hamburger}
          type="button"
          className="hamburger"
          aria-controls="sidebar"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? tr.nav.closeMenu : tr.nav.openMenu}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span /><span /><span />
        </button>
        <span className="topbar-brand"><BrandMark size={24} /> {tr.app.name}</span>
      </header>
      <div className="sidebar-column">
        <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} onClose={dismissMenu} />
      </div>
      {menuOpen && <div className="sidebar-scrim" onClick={dismissMenu} aria-hidden="true" />}
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
