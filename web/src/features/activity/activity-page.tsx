import './activity.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_PAGE_SIZE, type TAuditAction, type TAuditEvent } from '@pano/contract';
import { trActivity } from '../../i18n/tr-activity';
import { errorMessage } from '../../lib/api-error';
import { dayFirst, readDayFirst } from '../../lib/date-text';
import { formatDateTime } from '../../lib/format';
import { Banner, Button, DateField, EmptyState, PageHeader, SelectField, Spinner } from '../../components/ui';
import { useCan } from '../../stores/use-can';
import { useActivity, useDownloadActivity, type ActivityScope } from './api/use-activity';

const t = trActivity;

/**
 * The filters the page keeps in its address, so a filtered view can be shared or reloaded.
 * `who`: the name of the person `actor` names, for the filter's chip; the server is not asked it.
 */
const FILTERS = ['from', 'to', 'action', 'actor', 'who', 'page'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The filled filters of `f` as an address's query, leaving out `omit`. */
const queryOf = (f: Filters, ...omit: (keyof Filters)[]) =>
  new URLSearchParams(Object.entries(f).filter(([k, v]) => v !== '' && !omit.includes(k as keyof Filters)));

const ACCOUNT_WHAT = ['media', 'playlist', 'ticker', 'layout', 'screen', 'screenGroup', 'schedule', 'alert', 'alertTemplate', 'apiKey', 'device', 'settings', 'account', 'member', 'invitation', 'purchase'];
const PLATFORM_WHAT = ['package', 'apk', 'admin'];

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An action's label; an action this dashboard does not know shows as written. */
const actionText = (action: string) => (Object.hasOwn(t.actions, action) ? t.actions[action as TAuditAction] : action);

/** A value of `changes` as text: lists joined, times in Turkish, nothing as a dash. */
function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return t.empty_value;
  if (typeof v === 'string' && INSTANT.test(v)) return formatDateTime(v);
  if (Array.isArray(v)) return v.length ? v.map(valueText).join(v.some((x) => typeof x === 'object') ? '; ' : ', ') : t.empty_value;
  if (typeof v === 'boolean') return v ? t.yes : t.no;
  // A layout's zone and the like: its fields as 'Ad: Alt bant, x: 0', without the empty ones.
  if (typeof v === 'object') return Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => `${t.fields[k] ?? k}: ${valueText(x)}`).join(', ');
  return String(v);
}

function Changes({ changes }: { changes: TAuditEvent['changes'] }) {
  const entries = Object.entries(changes);
  if (!entries.length) return <span className="muted">{t.empty_value}</span>;
  return (
    <dl className="activity-changes">
      {entries.map(([field, [before, after]]) => (
        <div key={field}>
          <dt>{t.fields[field] ?? field}</dt>
          <dd>
            {before !== null && <><del>{valueText(before)}</del> → </>}
            <ins>{valueText(after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'Etkinlik Geçmişi' (docs/PRODUCT.md#activity): who changed what and when, filtered by period,
 * kind of change and person, a page of 50 at a time, and as a CSV file. `platform`: the
 * platform administrators' own history on /admin/activity (its route admits only them).
 * An account's history is for its owners and admins who see every screen: the server refuses
 * anyone else, a member limited to screen groups too (docs/architecture/accounts.md#screen-group-limits).
 */
export function ActivityPage({ scope = 'account' }: { scope?: ActivityScope }) {
  const allowed = useCan('admin', { allScreens: true });
  if (scope === 'account' && !allowed) {
    return (
      <div className="page activity-page">
        <PageHeader title={t.title} lead={t.lead} />
        <Banner tone="error">{t.onlyAllScreensAdmins}</Banner>
      </div>
    );
  }
  return <ActivityContent scope={scope} />;
}

function ActivityContent({ scope }: { scope: ActivityScope }) {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState<Partial<Record<'from' | 'to', { text: string; error: string }>>>({});
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Filters;
  const query = queryOf(filters, 'who').toString();
  // What the filters select, whatever the page: the CSV file holds all of it.
  const selection = queryOf(filters, 'who', 'page').toString();
  const activity = useActivity(scope, query);
  const download = useDownloadActivity(scope);
  const what = scope === 'platform' ? PLATFORM_WHAT : ACCOUNT_WHAT;

  /** A filter changed: back to the first page. */
  const set = (patch: Partial<Filters>) => {
    download.reset();
    setParams(queryOf({ ...filters, page: '', ...patch }), { replace: true });
  };
  /** Another page of the same filters: a new address, so Back returns to the page before. */
  const goTo = (page: number) => setParams(queryOf({ ...filters, page: String(page) }));
  const dateProps = (field: 'from' | 'to') => ({
    value: typed[field]?.text ?? dayFirst(filters[field]),
    error: typed[field]?.error,
    onChange: (e: { target: { value: string } }) => {
      const read = readDayFirst(e.target.value);
      setTyped((was) => ({ ...was, [field]: 'error' in read ? { text: e.target.value, error: read.error } : undefined }));
      set({ [field]: 'day' in read ? read.day : '' });
    },
  });

  const data = activity.data;
  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;
  // The name the address keeps, else one on the page; never the id itself.
  const actorName = filters.who || data?.events.find((e) => e.actor.id === filters.actor)?.actor.name || t.somePerson;
  return (
    <div className="page activity-page">
      <PageHeader title={scope === 'platform' ? t.platformTitle : t.title} lead={scope === 'platform' ? t.platformLead : t.lead} actions={
        <Button variant="secondary" busy={download.isPending} busyText={t.downloading} onClick={() => download.mutate(selection)}>
          {t.download}
        </Button>
      } />
      {download.isError && <Banner tone="error" onDismiss={download.reset}>{errorMessage(download.error, t.downloadError)}</Banner>}
      <section className="card activity-filters" aria-label={t.filtersTitle}>
        <DateField label={t.fromLabel} {...dateProps('from')} />
        <DateField label={t.toLabel} {...dateProps('to')} />
        <SelectField label={t.whatLabel} value={filters.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">{t.allWhat}</option>
          {what.map((w) => <option key={w} value={`${w}.`}>{t.targets[w] ?? w}</option>)}
        </SelectField>
        <div className="activity-filter-actions">
          {filters.actor && (
            <Button size="sm" variant="secondary" aria-label={t.removePerson} onClick={() => set({ actor: '', who: '' })}>
              {t.personFilter(actorName)} ✕
            </Button>
          )}
          {selection !== '' && <Button size="sm" variant="ghost" onClick={() => { setTyped({}); setParams(new URLSearchParams(), { replace: true }); }}>{t.clear}</Button>}
        </div>
      </section>
      {activity.isPending && <Spinner />}
      {activity.isError && <Banner tone="error">{errorMessage(activity.error, t.loadError)}</Banner>}
      {data && !activity.isError && (data.total === 0 ? <EmptyState title={t.empty} hint={t.emptyHint} icon="☰" /> : (
        <div className={`activity-result${activity.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={activity.isFetching || undefined}>
          <div className="table-wrap">
            <table className="table table-stacked activity-table">
              <caption className="sr-only">{scope === 'platform' ? t.platformTitle : t.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.colWhen}</th>
                  <th scope="col">{t.colWho}</th>
                  <th scope="col">{t.colWhat}</th>
                  <th scope="col">{t.colTarget}</th>
                  <th scope="col">{t.colChanges}</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((e) => (
                  <tr key={e._id} data-testid="activity-row">
                    <td data-label={t.colWhen} className="activity-when">{formatDateTime(e.at)}</td>
                    <td data-label={t.colWho}>
                      {e.actor.id && e.actor.type !== 'system' ? (
                        <button type="button" className="activity-person" title={t.onlyThisPerson(e.actor.name)} onClick={() => set({ actor: e.actor.id ?? '', who: e.actor.name })}>{e.actor.name}</button>
                      ) : e.actor.name}
                      <span className="activity-actor-type">{t.actorTypes[e.actor.type]}</span>
                    </td>
                    <td data-label={t.colWhat}>{actionText(e.action)}</td>
                    <td data-label={t.colTarget}>
                      {e.target.name ?? t.empty_value}
                      <span className="activity-actor-type">{t.targets[e.target.type] ?? e.target.type}</span>
                    </td>
                    <td data-label={t.colChanges}><Changes changes={e.changes} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="activity-pages" aria-label={t.pageOf(page, pages, data.total)}>
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>{t.previous}</Button>
            <span>{t.pageOf(page, pages, data.total)}</span>
            <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>{t.next}</Button>
          </nav>
        </div>
      ))}
    </div>
  );
}

/** /admin/activity: the platform's history. */
export const PlatformActivityPage = () => <ActivityPage scope="platform" />;
