import { Link, NavLink, Outlet } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { homePathFor, useSession } from '../../stores/session-store';
import { BrandMark } from './brand-mark';

/** Public pages: header with home, login and register links (docs/PRODUCT.md#layout). */
export function PublicLayout() {
  const user = useSession((s) => s.user);
  const navCls = ({ isActive }: { isActive: boolean }) => `public-link${isActive ? ' active' : ''}`;
  return (
    <div className="public-shell">
      <a href="#main" className="skip-link">{tr.nav.skipToContent}</a>
      <header className="public-header">
        <Link to="/" className="public-brand">
          <BrandMark /> {tr.app.name}
        </Link>
        <nav className="public-nav" aria-label={tr.nav.mainNav}>
          <NavLink to="/" end className={navCls}>{tr.nav.home}</NavLink>
          {user ? (
            <NavLink to={homePathFor(user)} className="btn btn-primary btn-sm">{tr.nav.menu}</NavLink>
          ) : (
            <>
              <NavLink to="/login" className={navCls}>{tr.nav.login}</NavLink>
              <NavLink to="/register" className="btn btn-primary btn-sm">{tr.nav.register}</NavLink>
            </>
          )}
        </nav>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
