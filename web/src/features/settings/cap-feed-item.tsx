import { useState } from 'react';
import type { TCapFeed, TCapFeedWriteBody } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Badge, Banner, Button, showConfirm } from '../../components/ui';
import { useUpdateCapFeed } from './api/use-update-cap-feed';
import { useDeleteCapFeed } from './api/use-delete-cap-feed';
import { CapFeedForm, urlRefusal } from './cap-feed-form';

const t = trIntegrations.cap;

/** What a feed is and how its polls fare: address, interval, groups, the last poll and read, why it failed, its messages. */
function FeedLine({ feed }: { feed: TCapFeed }) {
  return (
    <div className="webhook-main">
      <p className="webhook-url">
        <Badge tone={feed.enabled ? 'success' : 'neutral'}>{feed.enabled ? t.on : t.off}</Badge> <code>{feed.url}</code>
      </p>
      <p className="muted small">
        {t.every(feed.pollSeconds)} · {feed.groups.length ? t.screensOf(feed.groups.map((g) => g.name).join(', ')) : t.allScreens}
      </p>
      <p className="muted small" data-testid="cap-feed-polls">
        {feed.lastPolledAt ? t.lastPolled(formatDateTime(feed.lastPolledAt)) : t.neverPolled}
        {feed.lastPolledAt && <> · {feed.lastOkAt ? t.lastOk(formatDateTime(feed.lastOkAt)) : t.neverOk}</>}
        {' · '}{t.messages(feed.messageCount)}
      </p>
      {feed.lastError && <p className="field-error" data-testid="cap-feed-error">{t.lastError(feed.lastError)}</p>}
    </div>
  );
}

/**
 * One feed in the list with its actions. Each line has its own requests, so a failure is said
 * beside the feed it concerns and only that line's button waits.
 */
export function CapFeedItem({ feed }: { feed: TCapFeed }) {
  const update = useUpdateCapFeed();
  const remove = useDeleteCapFeed();
  const [editing, setEditing] = useState(false);
  const write: TCapFeedWriteBody = { url: feed.url, pollSeconds: feed.pollSeconds, groups: feed.groups.map((g) => g._id), enabled: feed.enabled };
  const who = feed.url;

  const toggle = () => update.mutate({ id: feed._id, body: { ...write, enabled: !feed.enabled } });
  const onRemove = async () => {
    if (!(await showConfirm(t.removeConfirm, { title: feed.url, confirmLabel: t.remove, danger: true }))) return;
    remove.mutate(feed._id);
  };
  const startEditing = () => {
    update.reset();
    setEditing(true);
  };
  const stopEditing = () => {
    update.reset();
    setEditing(false);
  };
  // While editing, the form says the server's refusal of the address under its field.
  const banner = update.isError && !(editing && urlRefusal(update.error));

  return (
    <li className="webhook" data-testid="cap-feed">
      {banner && <Banner tone="error" onDismiss={update.reset}>{errorMessage(update.error, t.updateError)}</Banner>}
      {remove.isError && <Banner tone="error" onDismiss={remove.reset}>{errorMessage(remove.error, t.deleteError)}</Banner>}
      {editing ? (
        <CapFeedForm initial={write} submitLabel={t.save} busyText={t.saving} busy={update.isPending} refusal={update.error}
          onSend={(body) => update.mutateAsync({ id: feed._id, body }, { onSuccess: () => setEditing(false) })}
          onEdit={() => update.isError && update.reset()} onCancel={stopEditing} />
      ) : (
        <>
          <FeedLine feed={feed} />
          <div className="webhook-actions">
            <Button size="sm" variant="secondary" busy={update.isPending} onClick={toggle}
              aria-label={`${feed.enabled ? t.disable : t.enable}: ${who}`}>{feed.enabled ? t.disable : t.enable}</Button>
            <Button size="sm" variant="secondary" onClick={startEditing} aria-label={`${t.edit}: ${who}`}>{t.edit}</Button>
            <Button size="sm" variant="danger" busy={remove.isPending} onClick={() => void onRemove()}
              aria-label={`${t.remove}: ${who}`}>{t.remove}</Button>
          </div>
        </>
      )}
    </li>
  );
}
