import { tr } from '../../i18n/tr';
import { Button, Card, showAlert } from '../../components/ui';
import { useApkInfo } from '../../api/apk.api';

/**
 * docs/PRODUCT.md#settings: ask GET /api/settings/apk for the current file when the button is pressed,
 * then download it through a link; when there is none, alert 'APK bulunamadı'.
 */
export function AppDownloadCard() {
  const t = tr.settings;
  const apk = useApkInfo({ enabled: false });
  const onDownload = async () => {
    const { data, isError } = await apk.refetch();
    if (isError || !data?.apkUrl) {
      await showAlert(t.apkMissing);
      return;
    }
    const link = document.createElement('a');
    link.href = data.apkUrl;
    link.download = '';
    document.body.appendChild(link);
    link.click();
    link.remove();
  };
  return (
    <Card aria-labelledby="app-title">
      <h2 id="app-title" className="card-title">{t.appTitle}</h2>
      <p className="muted">{t.appText}</p>
      <Button variant="secondary" onClick={() => void onDownload()} busy={apk.isFetching}>{t.download}</Button>
    </Card>
  );
}
