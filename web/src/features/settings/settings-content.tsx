import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TMyPackage } from '@pano/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { tr } from '../../i18n/tr';
import { ApiError, errorMessage } from '../../lib/api-error';
import { Banner, Card, Spinner } from '../../components/ui';
import { isAdmin, useSession } from '../../stores/session-store';
import { useCan } from '../../stores/use-can';
import { useShownAsTransition } from '../../lib/use-shown-as-transition';
import { useDisplaySettings } from './api/use-display-settings';
import { useMyPackage } from './api/use-my-package';
import { MobileCodeCard, PackageInfoCard } from './package-info-card';
import { UsageCard } from './usage-card';
import { AppDownloadCard } from './app-download-card';
import { DisplaySettingsCard } from './display-settings-card';
import { AccountCard } from './account-card';
import { DevicesCard } from './devices-card';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';
import { CapCard } from './cap-card';
import { HealthSettingsCard } from './health-settings-card';
import { PasswordCard, SessionsCard, TwoFactorCard } from './security-cards';
import { SupportResetCard } from './support-reset-card';
import { useScreenHealth } from '../../api/screen-health.api';
import { devicesQuery } from '../../api/devices/devices-query';
import { screensQuery } from '../../api/screens.api';
import { screenGroupsQuery } from '../../api/screen-groups.api';
import { sessionsQuery, twoFactorQuery } from '../../api/two-factor.api';
import { apiKeysQuery } from './api/use-api-keys';
import { webhooksQuery } from './api/use-webhooks';
import { capFeedsQuery } from './api/use-cap-feeds';
import { capSettingsQuery } from './api/use-cap-settings';

/** What the cards read: an account admin's cards (the CAP colours only for one who sees every screen), then everyone's. */
const managerCardReads = [devicesQuery, screensQuery, apiKeysQuery, screenGroupsQuery, webhooksQuery, capFeedsQuery];
const everyonesCardReads = [twoFactorQuery, sessionsQuery];
const allAnswered = (reads: { isPending: boolean }[]) => reads.every((read) => !read.isPending);
/** How long the page waits for the cards' reads once its own are in: a slow one draws its card's spinner after that. */
const CARDS_WAIT_MS = 2_000;

function PackageSection({ myPackage }: { myPackage: UseQueryResult<TMyPackage> }) {
  const user = useSession((s) => s.user);
  // Administrators never have a package, so the page does not ask for one (the server would answer 404).
  if (isAdmin(user)) return <Card><p className="muted">{tr.settings.adminNoPackage}</p></Card>;
  if (myPackage.isError) {
    const err = myPackage.error;
    // A customer without a package (404, or 402 → /packages) is offered the packages.
    if (err instanceof ApiError && (err.status === 404 || err.status === 402)) {
      return (
        <Card>
          <p className="muted">{tr.settings.noPackage}</p>
          <Link to="/packages" className="btn btn-primary">{tr.settings.seePackages}</Link>
        </Card>
      );
    }
    return <Banner tone="error">{errorMessage(err, tr.settings.loadError)}</Banner>;
  }
  if (!myPackage.data) return null;
  const info = myPackage.data;
  return (
    <div className="settings-grid">
      <PackageInfoCard info={info} />
      <MobileCodeCard info={info} />
      <div className="settings-wide"><UsageCard usage={info.usage} /></div>
    </div>
  );
}

/** The page under its header: its reads and its cards (settings-page.tsx loads this). */
export function SettingsContent({ header, cardsWaitMs = CARDS_WAIT_MS }: { header: ReactNode; cardsWaitMs?: number }) {
  const user = useSession((s) => s.user);
  // Devices, API keys, the warning time and the ticker's look are the account's settings: an
  // account admin's (docs/architecture/accounts.md#roles). Others read the package and usage.
  const manages = useCan('admin');
  const accountWide = useCan('admin', { allScreens: true });
  const myPackage = useMyPackage(isAdmin(user) ? undefined : user?._id);
  const display = useDisplaySettings(manages);
  // The warning time comes with the screens' health (GET /api/screens/health); unreadable, the form starts at the default.
  const health = useScreenHealth();
  // How tall the cards are depends on their data (the ticker preview follows the saved bar
  // height), so no placeholder could hold their place: the page waits for both answers and
  // shows every card at once, instead of pushing the cards below down one answer at a time.
  // The cards' own reads are asked for here, beside those, and the page waits for them too: each
  // card then draws with its answer at once, in the one transition below, instead of a spinner
  // and then one more synchronous render per answer (each a long task on a slow phone), pushing
  // the cards below it down (docs/PERFORMANCE.md#dashboard-first-load-p13). Only whether all
  // have answered is watched, so an answer alone renders nothing here.
  const cardsAnswered = useQueries({
    queries: manages && !isAdmin(user)
      ? [...managerCardReads, ...(accountWide ? [capSettingsQuery] : []), ...everyonesCardReads]
      : everyonesCardReads,
    combine: allAnswered,
  });
  const pageAnswered = (isAdmin(user) || !myPackage.isPending) && (!manages || (!display.isPending && (isAdmin(user) || !health.isPending)));
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!pageAnswered || cardsAnswered) return;
    const timer = setTimeout(() => setWaited(true), cardsWaitMs);
    return () => clearTimeout(timer);
  }, [pageAnswered, cardsAnswered, cardsWaitMs]);
  // The cards are drawn as a transition once the answers are in.
  const shown = useShownAsTransition(pageAnswered && (cardsAnswered || waited));
  if (!shown) {
    return <div className="page settings-page">{header}<Spinner /></div>;
  }
  return (
    <div className="page settings-page">
      {header}
      <PackageSection myPackage={myPackage} />
      {/* Admins have no package, so no mobile code and no devices; below an account admin they show on their screens' cards. */}
      {manages && !isAdmin(user) && <DevicesCard />}
      {/* Alerts are a customer's: admins have no screens to send to. */}
      {manages && !isAdmin(user) && <ApiKeysCard />}
      {/* Its events are a customer's screens, alerts, media and package. */}
      {manages && !isAdmin(user) && <WebhooksCard />}
      {/* CAP messages become a customer's alerts on their screens. */}
      {manages && !isAdmin(user) && <CapCard />}
      {/* Admins have no screens to warn about. */}
      {manages && !isAdmin(user) && <HealthSettingsCard warnMinutes={health.data?.warnMinutes} />}
      {manages && (display.isError ? (
        <Banner tone="error">{errorMessage(display.error, tr.settings.displayLoadError)}</Banner>
      ) : display.data && <DisplaySettingsCard settings={display.data} />)}
      <div className="settings-grid">
        <TwoFactorCard />
        <SessionsCard />
        <PasswordCard />
        {isAdmin(user) && <SupportResetCard />}
      </div>
      <div className="settings-grid">
        <AppDownloadCard />
        <AccountCard />
      </div>
    </div>
  );
}
