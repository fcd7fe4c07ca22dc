import { useState } from 'react';
import { Banner, Button } from '../../components/ui';

type Texts = { secretWarning: string; copy: string; copied: string; done: string };

type Props = {
  /** 'Yeni anahtarınız: Yangın paneli'. */
  title: string;
  secret: string;
  texts: Texts;
  onDone: () => void;
  testId?: string;
};

/**
 * A secret the server shows once and keeps only hashed or sealed (an API key, a webhook's
 * signing secret): a warning, 'Kopyala' and 'Kaydettim, kapat'.
 */
export function SecretOnce({ title, secret, texts, onDone, testId }: Props) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="api-key-secret" data-testid={testId}>
      <p className="field-label">{title}</p>
      <Banner tone="warning">{texts.secretWarning}</Banner>
      <div className="api-key-secret-row">
        <code className="api-key-value">{secret}</code>
        <Button size="sm" variant="secondary" onClick={copy}>{copied ? texts.copied : texts.copy}</Button>
      </div>
      <Button size="sm" onClick={onDone}>{texts.done}</Button>
    </div>
  );
}
