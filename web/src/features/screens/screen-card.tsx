import { Link } from 'react-router-dom';
import type { TDevice, TScreen, TScreenHealth } from '@pano/contract';
import { DeviceList } from '../../components/devices/device-list';
import { tr } from '../../i18n/tr';
import { formatDateTime } from '../../lib/format';
import { Badge, Button } from '../../components/ui';
import type { Presence } from './presence';
import type { ScreenNow } from './api/use-screens-now';
import { nowLine } from './now-line';
import { ScreenHealthSection } from './screen-health-section';
import { ScreenShot } from './screen-shot';
import { ScreenTimezoneField } from './screen-timezone-field';
import { ScreenLocationSection } from './screen-location-section';
import { locationText } from './screen-location-draft';

type Props = {
  screen: TScreen;
  presence?: Presence;
  /** What the screen shows now; absent until known (or when it cannot be read). */
  now?: ScreenNow;
  devices: readonly TDevice[];
  /** The player's last report and the latest screenshot; absent until known. */
  health?: TScreenHealth;
  /** Offline or failing for longer than the customer's warning time (docs/PRODUCT.md#screens). */
  problem?: boolean;
  onDelete: () => void;
  deleting: boolean;
  /** A role below publisher: the time zone and the location read as facts, no 'Sil'. */
  readOnly?: boolean;
};

export function ScreenCard({ screen, presence, now, devices, health, problem = false, onDelete, deleting, readOnly = false }: Props) {
  const online = presence?.online ?? false;
  // The socket's time is newer than the list's; fall back to the list's when no event came yet.
  const lastSeen = presence?.lastSeenAt ?? screen.lastSeenAt;
  return (
    <li className={`screen-card${problem ? ' is-problem' : ''}`} data-testid="screen-card">
      <div className="screen-head">
        <h3 className="screen-name">{screen.name}</h3>
        <span className="screen-head-state">
          {problem && <span data-testid="screen-problem"><Badge tone="danger">{tr.health.problemBadge}</Badge></span>}
          <span className={`status-dot ${online ? 'is-online' : 'is-offline'}`} data-testid="screen-status">
            {online ? tr.screens.online : tr.screens.offline}
          </span>
        </span>
      </div>
      <ScreenShot screenId={screen._id} screenName={screen.name} health={health} connected={online || lastSeen !== null} />
      {now && (
        <p className="screen-now" data-testid="screen-now">
          <span>{nowLine(now, screen.timezone, Date.now())}</span>
          {now.source !== 'none' && (
            <Badge tone={now.source === 'schedule' ? 'primary' : 'neutral'}>
              {now.source === 'schedule' ? tr.screens.sourceSchedule : tr.screens.sourceDefault}
            </Badge>
          )}
        </p>
      )}
      {screen.groups.length > 0 && (
        <ul className="group-chips" aria-label={`${tr.screens.groupsLabel}: ${screen.name}`} data-testid="screen-groups">
          {screen.groups.map((g) => <li key={g._id} className="group-chip">{g.name}</li>)}
        </ul>
      )}
      <dl className="screen-facts">
        {screen.currentLayout ? (
          <div>
            <dt>{tr.screens.layoutLabel}</dt>
            <dd data-testid="screen-layout">{screen.currentLayout.name}</dd>
          </div>
        ) : (
          <div>
            <dt>{tr.screens.playlistLabel}</dt>
            <dd data-testid="screen-playlist">{screen.currentPlaylist?.name ?? tr.screens.unassigned}</dd>
          </div>
        )}
        {screen.currentDirectionPlaylist && (
          <div>
            <dt>{tr.screens.tickerLabel}</dt>
            <dd>{screen.currentDirectionPlaylist.name}</dd>
          </div>
        )}
        {readOnly && (
          <div>
            <dt>{tr.screens.timezoneLabel}</dt>
            <dd data-testid="screen-timezone">{screen.timezone.replaceAll('_', ' ')}</dd>
          </div>
        )}
        {readOnly && locationText(screen) && (
          <div>
            <dt>{tr.screens.locationLabel}</dt>
            <dd data-testid="screen-location-fact">{locationText(screen)}</dd>
          </div>
        )}
      </dl>
      {!readOnly && <ScreenTimezoneField screenId={screen._id} screenName={screen.name} timezone={screen.timezone} />}
      {!readOnly && <ScreenLocationSection screen={screen} />}
      <p className="muted screen-seen" data-testid="screen-last-seen">
        {lastSeen ? (
          <time dateTime={lastSeen}>{tr.screens.lastSeen(formatDateTime(lastSeen))}</time>
        ) : (
          tr.screens.neverSeen
        )}
      </p>
      <ScreenHealthSection health={health} screenName={screen.name} />
      <section className="screen-devices" aria-label={`${tr.devices.title}: ${screen.name}`}>
        <h4 className="device-section-title">{tr.devices.title}</h4>
        <DeviceList devices={devices} empty={tr.devices.noneOnScreen} />
      </section>
      <div className="card-actions">
        <Link to={`/preview/${screen._id}`} className="btn btn-secondary btn-sm" aria-label={`${tr.screens.preview}: ${screen.name}`}>
          {tr.screens.preview}
        </Link>
        {!readOnly && (
          <Button size="sm" variant="danger" onClick={onDelete} busy={deleting} aria-label={`${tr.common.delete}: ${screen.name}`}>
            {tr.common.delete}
          </Button>
        )}
      </div>
    </li>
  );
}
