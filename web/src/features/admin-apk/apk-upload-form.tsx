import { useRef, useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatBytes } from '../../lib/format';
import { Banner, Button, Card, ProgressBar, TextField } from '../../components/ui';
import { useUploadApk } from './api/use-upload-apk';

/** docs/PRODUCT.md#admin-apk: a file is required, version optional; success clears both. */
export function ApkUploadForm() {
  const t = tr.adminApk;
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [missingFile, setMissingFile] = useState(false);
  const upload = useUploadApk();
  const busy = upload.isPending;
  const picker = useRef<HTMLInputElement>(null);

  const dismiss = () => {
    setMissingFile(false);
    upload.reset();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    upload.reset();
    setMissingFile(!file);
    if (!file) return;
    upload.mutate({ file, version }, {
      onSuccess: () => {
        setFile(null);
        setVersion('');
        if (picker.current) picker.current.value = '';
      },
    });
  };

  const notice = missingFile ? { ok: false, text: t.needFile }
    : upload.isSuccess ? { ok: true, text: t.success }
    : upload.isError ? { ok: false, text: errorMessage(upload.error, t.error) }
    : null;
  return (
    <Card aria-labelledby="apk-upload-title">
      <h2 id="apk-upload-title" className="card-title">{t.uploadTitle}</h2>
      {notice && <Banner tone={notice.ok ? 'success' : 'error'} onDismiss={dismiss}>{notice.text}</Banner>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-row">
          <div className="field">
            <span className="field-label" id="apk-file-label">{t.fileLabel}</span>
            <div className="file-picker">
              <input ref={picker} id="apk-file" type="file" accept=".apk,application/vnd.android.package-archive"
                className="sr-only" aria-labelledby="apk-file-label" disabled={busy}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  dismiss();
                }} />
              <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy}>{t.chooseFile}</Button>
              <span className="file-name" aria-live="polite">{file ? `${file.name} (${formatBytes(file.size)})` : t.noFile}</span>
            </div>
          </div>
          <TextField label={t.versionLabel} name="version" placeholder={t.versionPlaceholder} maxLength={50}
            value={version} onChange={(e) => setVersion(e.target.value)} disabled={busy} />
        </div>
        {upload.progress !== null && <ProgressBar value={upload.progress} label={t.progress} />}
        <div>
          <Button type="submit" busy={busy} busyText={t.uploading}>{t.upload}</Button>
        </div>
      </form>
    </Card>
  );
}
