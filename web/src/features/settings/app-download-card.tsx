import { useState } from 'react';
import { tr } from '../../i18n/tr';
import { Button, Card, showAlert } from '../../components/ui';
import { fetchApkInfo } from './settings.api';

/**
 * docs/PRODUCT.md#settings: ask GET /api/settings/apk for the current file, then download it through a
 * link; when there is none, alert 'APK bulunamadı'.
 */
export function AppDownloadCard() {
  const t = tr.settings;
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    try {
      const info = await fetchApkInfo();
      if (!info?.apkUrl) throw new Error('no apk');
      const link = document.createElement('a');
      link.href = info.apkUrl;
      link.download = '';
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch {
      await showAlert(t.apkMissing);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="app-title">
      <h2 id="app-title" className="card-title">{t.appTitle}</h2>
      <p className="muted">{t.appText}</p>
      <Button variant="secondary" onClick={() => void onDownload()} busy={busy}>{t.download}</Button>
    </Card>
  );
}
