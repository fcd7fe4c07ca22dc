import { useRef, useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { serverMessageOr } from '../../lib/api-error';
import { formatBytes } from '../../lib/format';
import { Banner, Button, Card, ProgressBar, TextField } from '../../components/ui';
import { uploadApk } from './apk.api';

/** docs/PRODUCT.md#admin-apk: a file is required, version optional; success clears both. */
export function ApkUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const t = tr.adminApk;
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setResult({ ok: false, message: t.needFile });
      return;
    }
    setBusy(true);
    setResult(null);
    setProgress(0);
    try {
      await uploadApk(file, version, setProgress);
      setResult({ ok: true, message: t.success });
      setFile(null);
      setVersion('');
      if (picker.current) picker.current.value = '';
      onUploaded();
    } catch (err) {
      setResult({ ok: false, message: serverMessageOr(err, t.error) });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Card aria-labelledby="apk-upload-title">
      <h2 id="apk-upload-title" className="card-title">{t.uploadTitle}</h2>
      {result && <Banner tone={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>{result.message}</Banner>}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="form-row">
          <div className="field">
            <span className="field-label" id="apk-file-label">{t.fileLabel}</span>
            <div className="file-picker">
              <input ref={picker} id="apk-file" type="file" accept=".apk,application/vnd.android.package-archive"
                className="sr-only" aria-labelledby="apk-file-label" disabled={busy}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setResult(null);
                }} />
              <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy}>{t.chooseFile}</Button>
              <span className="file-name" aria-live="polite">{file ? `${file.name} (${formatBytes(file.size)})` : t.noFile}</span>
            </div>
          </div>
          <TextField label={t.versionLabel} name="version" placeholder={t.versionPlaceholder} maxLength={50}
            value={version} onChange={(e) => setVersion(e.target.value)} disabled={busy} />
        </div>
        {progress !== null && <ProgressBar value={progress} label={t.progress} />}
        <div>
          <Button type="submit" busy={busy} busyText={t.uploading}>{t.upload}</Button>
        </div>
      </form>
    </Card>
  );
}
