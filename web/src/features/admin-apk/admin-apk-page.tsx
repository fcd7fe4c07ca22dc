import './admin-apk.css';
import { tr } from '../../i18n/tr';
import { usePageTitle } from '../../lib/use-page-title';
import { formatBytes, formatDateTime } from '../../lib/format';
import { Banner, Card, PageHeader } from '../../components/ui';
import { isAdmin, useSession } from '../../stores/session-store';
import { useApkInfo } from '../../api/apk.api';
import { ApkUploadForm } from './apk-upload-form';

export function AdminApkPage() {
  const t = tr.adminApk;
  // Also for the states that replace the page (and its header) with a message.
  usePageTitle(t.title);
  const user = useSession((s) => s.user);
  const apk = useApkInfo();

  // docs/PRODUCT.md#admin-apk: the page itself checks admin status too (the route guard may change).
  if (!isAdmin(user)) {
    return <div className="page"><Banner tone="error">{t.adminOnly}</Banner></div>;
  }
  const info = apk.data;
  return (
    <div className="page">
      <PageHeader title={t.title} lead={t.lead} />
      <ApkUploadForm />
      <Card aria-labelledby="apk-current-title" data-testid="apk-current">
        <h2 id="apk-current-title" className="card-title">{t.currentTitle}</h2>
        {info ? (
          <>
            <dl className="apk-facts">
              <div><dt>{t.version}</dt><dd>{info.version || t.noVersion}</dd></div>
              <div><dt>{t.updatedAt}</dt><dd>{formatDateTime(info.updatedAt)}</dd></div>
              {info.size !== undefined && <div><dt>{t.size}</dt><dd>{formatBytes(info.size)}</dd></div>}
            </dl>
            <a className="btn btn-primary" href={info.apkUrl} download>{t.download}</a>
          </>
        ) : (
          <p className="muted">{t.none}</p>
        )}
      </Card>
    </div>
  );
}
