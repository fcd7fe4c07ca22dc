import type { TCapFeedWrite } from '@pano/contract';
import { CAP_POLL_SECONDS_DEFAULT } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { Banner, Card, Spinner } from '../../components/ui';
import { useCan } from '../../stores/use-can';
import { useCapFeeds } from './api/use-cap-feeds';
import { useCreateCapFeed } from './api/use-create-cap-feed';
import { CapColours } from './cap-colours';
import { CapFeedForm, urlRefusal } from './cap-feed-form';
import { CapFeedItem } from './cap-feed-item';

const t = trIntegrations.cap;
const EMPTY: TCapFeedWrite = { url: '', pollSeconds: String(CAP_POLL_SECONDS_DEFAULT), groups: [], enabled: true };

/**
 * docs/architecture/cap.md: 'Acil Durum Beslemeleri (CAP)'. The feeds Pano polls, for owners and
 * admins (a member limited to screen groups sees and adds feeds for their groups only), and the
 * colours and chime of CAP alerts, which apply to every screen: only those who see every screen
 * may read or change them (the server answers others 403), so the others get a line saying so.
 */
export function CapCard() {
  const feeds = useCapFeeds();
  const create = useCreateCapFeed();
  const accountWide = useCan('admin', { allScreens: true });

  return (
    <Card aria-labelledby="cap-title" className="cap-card">
      <h2 id="cap-title" className="card-title">{t.title}</h2>
      <p className="muted">{t.leadStart} <code>POST /api/alerts/cap</code> {t.leadEnd}</p>
      <p className="muted small">{t.areaHint}</p>

      <h3 className="cap-subtitle">{t.feedsTitle}</h3>
      {create.isError && !urlRefusal(create.error) && (
        <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, t.createError)}</Banner>
      )}
      <CapFeedForm initial={EMPTY} submitLabel={t.create} busyText={t.creating} busy={create.isPending} refusal={create.error}
        onSend={(body) => create.mutateAsync(body)} onEdit={() => create.isError && create.reset()} />
      {feeds.isPending ? <Spinner /> : feeds.isError ? <Banner tone="error">{errorMessage(feeds.error, t.loadError)}</Banner>
        : feeds.data.length === 0 ? <p className="muted">{t.none}</p> : (
          <ul className="webhook-list">
            {feeds.data.map((f) => <CapFeedItem key={f._id} feed={f} />)}
          </ul>
        )}

      <h3 className="cap-subtitle">{t.coloursTitle}</h3>
      {accountWide ? (
        <>
          <p className="muted small">{t.coloursLead}</p>
          <CapColours />
        </>
      ) : <p className="muted small">{t.coloursLimited}</p>}
    </Card>
  );
}
