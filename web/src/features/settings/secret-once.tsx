import { useState } from 'react';
import { Banner, Button } from '../../components/ui';
import { trIntegrations } from '../../i18n/tr-integrations';

const t = trIntegrations.secretOnce;

type Props = {
  /** 'Yeni anahtarınız: Yangın paneli'. */
  title: string;
  secret: string;
  /** Why it must be saved now, and where. */
  warning: string;
  onDone: () => void;
  testId?: string;
};

/**
 * A secret the server shows once and keeps only hashed or sealed (an API key, a webhook's
 * signing secret): a warning, 'Kopyala' and 'Kaydettim, kapat'.
 */
export function SecretOnce({ title, secret, warning, onDone, testId }: Props) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="api-key-secret" data-testid={testId}>
      <p className="field-label">{title}</p>
      <Banner tone="warning">{warning}</Banner>
      <div className="api-key-secret-row">
        <code className="api-key-value">{secret}</code>
        <Button size="sm" variant="secondary" onClick={copy}>{copied ? t.copied : t.copy}</Button>
      </div>
      <Button size="sm" onClick={onDone}>{t.done}</Button>
    </div>
  );
}
