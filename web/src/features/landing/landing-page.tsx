import { Link } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { usePageTitle } from '../../lib/use-page-title';

const features = [tr.landing.featureMedia, tr.landing.featurePlaylists, tr.landing.featureTicker, tr.landing.featureScreens];

/** docs/PRODUCT.md#landing: registration, a free-trial call to action, an external contact link, uptime and support claims. */
export function LandingPage() {
  usePageTitle(null);
  return (
    <div className="landing">
      <section className="hero">
        <h1 className="hero-title">{tr.landing.title}</h1>
        <p className="hero-lead">{tr.landing.lead}</p>
        <div className="hero-actions">
          <Link to="/register" className="btn btn-primary btn-lg">{tr.landing.freeTrial}</Link>
          <a href={`mailto:${tr.landing.contactEmail}`} className="btn btn-secondary btn-lg" rel="noopener">{tr.landing.contact}</a>
        </div>
        <ul className="claims">
          <li className="claim">
            <strong>{tr.landing.uptime}</strong>
            <span>{tr.landing.uptimeText}</span>
          </li>
          <li className="claim">
            <strong>{tr.landing.support}</strong>
            <span>{tr.landing.supportText}</span>
          </li>
        </ul>
      </section>
      <section className="landing-features" aria-labelledby="features-title">
        <h2 id="features-title">{tr.landing.featuresTitle}</h2>
        <ul className="feature-grid">
          {features.map((f) => (
            <li key={f} className="feature card">{f}</li>
          ))}
        </ul>
      </section>
      <section className="landing-cta card">
        <h2>{tr.landing.ctaTitle}</h2>
        <p>{tr.landing.ctaText}</p>
        <Link to="/register" className="btn btn-primary">{tr.landing.register}</Link>
      </section>
      <footer className="landing-footer">
        <span>© {new Date().getFullYear()} {tr.landing.footer}</span>
        <a href={`mailto:${tr.landing.contactEmail}`}>{tr.landing.contactEmail}</a>
      </footer>
    </div>
  );
}
