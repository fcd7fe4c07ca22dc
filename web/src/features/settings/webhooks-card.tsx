import { useState } from 'react';
import type { TCreatedWebhook, TWebhookWrite } from '@pano/contract';
import { trIntegrations } from '../../i18n/tr-integrations';
import { errorMessage } from '../../lib/api-error';
import { Banner, Card, Spinner } from '../../components/ui';
import { useWebhooks } from './api/use-webhooks';
import { useCreateWebhook } from './api/use-create-webhook';
import { SecretOnce } from './secret-once';
import { WebhookForm } from './webhook-form';
import { WebhookItem } from './webhook-item';

const t = trIntegrations.webhooks;
const EMPTY: TWebhookWrite = { url: '', events: [], enabled: true };

/** docs/PRODUCT.md#settings: 'Webhook'lar' tell another system what happened, signed (contract/src/webhooks.ts). */
export function WebhooksCard() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);

  return (
    <Card aria-labelledby="webhooks-title" className="webhooks-card">
      <h2 id="webhooks-title" className="card-title">{t.title}</h2>
      <p className="muted">{t.lead}</p>
      {create.isError && <Banner tone="error" onDismiss={create.reset}>{errorMessage(create.error, t.createError)}</Banner>}
      {created ? (
        // The server keeps the secret to sign with but never shows it again.
        <SecretOnce title={`${t.secretTitle}: ${created.url}`} secret={created.secret} warning={t.secretWarning} testId="webhook-secret"
          onDone={() => setCreated(null)} />
      ) : (
        <WebhookForm initial={EMPTY} submitLabel={t.create} busyText={t.creating} busy={create.isPending}
          onSend={(body) => create.mutateAsync(body, { onSuccess: (hook) => setCreated(hook) })} />
      )}
      {hooks.isPending ? <Spinner /> : hooks.isError ? <Banner tone="error">{errorMessage(hooks.error, t.loadError)}</Banner>
        : hooks.data.length === 0 ? <p className="muted">{t.none}</p> : (
          <ul className="webhook-list">
            {hooks.data.map((h) => <WebhookItem key={h._id} hook={h} />)}
          </ul>
        )}
    </Card>
  );
}
