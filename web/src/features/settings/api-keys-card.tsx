import { useState } from 'react';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, ZCreateApiKeyRequest, type TApiKey, type TCreatedApiKey } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Badge, Banner, Button, Card, CheckList, Form, Spinner, TextField, showConfirm } from '../../components/ui';
import { useScreenGroups } from '../../api/screen-groups.api';
import { SecretOnce } from './secret-once';
import { useApiKeys } from './api/use-api-keys';
import { useCreateApiKey } from './api/use-create-api-key';
import { useRevokeApiKey } from './api/use-revoke-api-key';

const t = trIntegrations.apiKeys;
const SCOPE_ITEMS = API_KEY_SCOPES.map((s) => ({ _id: s, name: API_KEY_SCOPE_LABELS[s].label, hint: API_KEY_SCOPE_LABELS[s].hint }));

/** One key in the list: what it may do, where, and how much it was used. */
function KeyLine({ k }: { k: TApiKey }) {
  return (
    <div className="api-key-main">
      <p className="api-key-name">{k.name} <code>{k.prefix}…</code></p>
      <ul className="api-key-scope-list" aria-label={t.scopesLegend}>
        {k.scopes.map((s) => <li key={s}><Badge tone="primary">{API_KEY_SCOPE_LABELS[s].label}</Badge></li>)}
      </ul>
      <p className="muted small">{k.groups.length ? t.screensOf(k.groups.map((g) => g.name).join(', ')) : t.allScreens}</p>
      <p className="muted small">
        {t.colCreated}: {formatDateTime(k.createdAt)} · {t.colLastUsed}: {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t.never} · {t.requests24h(k.requests24h)}
      </p>
    </div>
  );
}

/** docs/PRODUCT.md#settings: 'API Anahtarları' for fire panels and other building systems. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const groups = useScreenGroups();
  const form = useZodForm(ZCreateApiKeyRequest, { name: '', scopes: ['alerts'], groups: [] });
  const scopes = form.watch('scopes') ?? [];
  const chosenGroups = form.watch('groups') ?? [];
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);

  const send = form.handleSubmit((body) => {
    revoke.reset();
    return create.mutateAsync(body, {
      onSuccess: (key) => {
        setCreated(key);
        form.reset();
      },
    });
  });
  const onRevoke = async (id: string, keyName: string) => {
    if (!(await showConfirm(t.revokeConfirm, { title: keyName, confirmLabel: t.revoke, danger: true }))) return;
    create.reset();
    revoke.mutate(id);
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const curl = `curl -X POST ${origin}/api/alerts \\\n  -H "Authorization: Bearer <anahtar>" \\\n  -H "Content-Type: application/json" \\\n  -d '{"title":"Yangın Tahliye","message":"Lütfen binayı terk edin","all":true}'`;

  return (
    <Card aria-labelledby="api-keys-title" className="api-keys-card">
      <h2 id="api-keys-title" className="card-title">{t.title}</h2>
      <p className="muted">{t.lead}</p>
      {create.isError && <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, t.createError)}</Banner>}
      {revoke.isError && <Banner tone="error" onDismiss={revoke.reset}>{errorMessage(revoke.error, t.revokeError)}</Banner>}
      {created ? (
        // The server keeps only the key's hash (docs/PRODUCT.md#alerts).
        <SecretOnce title={`${t.secretTitle}: ${created.name}`} secret={created.key} warning={t.secretWarning} testId="api-key-secret" onDone={() => setCreated(null)} />
      ) : (
        <Form className="form api-key-form" onSubmit={send}>
          <TextField label={t.nameLabel} placeholder={t.namePlaceholder} maxLength={100}
            error={form.formState.errors.name?.message} {...form.register('name')} />
          <CheckList className="api-key-scopes" legend={t.scopesLegend} name="scopes" items={SCOPE_ITEMS} selected={scopes} empty=""
            onChange={(ids) => form.setValue('scopes', ids as typeof scopes, { shouldValidate: form.formState.isSubmitted })} />
          {form.formState.errors.scopes?.message && <p className="field-error" role="alert">{form.formState.errors.scopes.message}</p>}
          <CheckList legend={t.groupsLegend} name="groups" items={groups.data ?? []} selected={chosenGroups} empty={t.noGroups}
            onChange={(ids) => form.setValue('groups', ids)} />
          <Button type="submit" busy={create.isPending} busyText={t.creating}>{t.create}</Button>
        </Form>
      )}
      {keys.isPending ? <Spinner /> : keys.isError ? <Banner tone="error">{errorMessage(keys.error, t.loadError)}</Banner>
        : keys.data.length === 0 ? <p className="muted">{t.none}</p> : (
          <ul className="api-key-list">
            {keys.data.map((k) => (
              <li key={k._id} className="api-key" data-testid="api-key">
                <KeyLine k={k} />
                <Button size="sm" variant="danger" busy={revoke.isPending && revoke.variables === k._id}
                  onClick={() => void onRevoke(k._id, k.name)} aria-label={`${t.revoke}: ${k.name}`}>{t.revoke}</Button>
              </li>
            ))}
          </ul>
        )}
      <h3 className="api-key-usage-title">{t.usageTitle}</h3>
      <p className="muted small">{t.usageHint}</p>
      <pre className="api-key-curl">{curl}</pre>
      <p className="muted small">{t.docsHint} <a href="/api/docs" target="_blank" rel="noreferrer">/api/docs</a></p>
    </Card>
  );
}
