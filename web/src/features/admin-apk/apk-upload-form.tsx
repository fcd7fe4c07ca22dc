import { useRef, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { ZApkUploadFields } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatBytes } from '../../lib/format';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Banner, Button, Card, Form, ProgressBar, TextField } from '../../components/ui';
import { useUploadApk } from './api/use-upload-apk';

/** The upload's values: the contract's optional version and the chosen file (docs/PRODUCT.md#admin-apk). */
const ZApkUploadDraft = z.object({
  file: z.custom<File | null>((v) => v instanceof File, tr.adminApk.needFile),
  version: ZApkUploadFields.shape.version,
}).transform(({ file, version }) => ({ file: file as File, version: version ?? '' }));

const emptyApk = (): z.input<typeof ZApkUploadDraft> => ({ version: '', file: null });

/** docs/PRODUCT.md#admin-apk: a file is required, version optional; success clears both. */
export function ApkUploadForm() {
  const t = tr.adminApk;
  const form = useZodForm(ZApkUploadDraft, emptyApk());
  const file = useWatch({ control: form.control, name: 'file' });
  const upload = useUploadApk();
  const busy = upload.isPending;
  const picker = useRef<HTMLInputElement>(null);
  const problem = firstMessage(form.formState.errors);

  const dismiss = () => {
    form.clearErrors();
    upload.reset();
  };

  const send = form.handleSubmit((body) => upload.mutateAsync(body, {
    onSuccess: () => {
      form.reset(emptyApk());
      if (picker.current) picker.current.value = '';
    },
  }));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    upload.reset();
    return send(e);
  };

  const notice = problem ? { ok: false, text: problem }
    : upload.isSuccess ? { ok: true, text: t.success }
    : upload.isError ? { ok: false, text: errorMessage(upload.error, t.error) }
    : null;
  return (
    <Card aria-labelledby="apk-upload-title">
      <h2 id="apk-upload-title" className="card-title">{t.uploadTitle}</h2>
      {notice && <Banner tone={notice.ok ? 'success' : 'error'} onDismiss={dismiss}>{notice.text}</Banner>}
      <Form className="form" onSubmit={onSubmit}>
        <div className="form-row">
          <div className="field">
            <span className="field-label" id="apk-file-label">{t.fileLabel}</span>
            <div className="file-picker">
              <input ref={picker} id="apk-file" type="file" accept=".apk,application/vnd.android.package-archive"
                className="sr-only" aria-labelledby="apk-file-label" disabled={busy}
                onChange={(e) => {
                  form.setValue('file', e.target.files?.[0] ?? null);
                  dismiss();
                }} />
              <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy}>{t.chooseFile}</Button>
              <span className="file-name" aria-live="polite">{file ? `${file.name} (${formatBytes(file.size)})` : t.noFile}</span>
            </div>
          </div>
          <TextField label={t.versionLabel} placeholder={t.versionPlaceholder} maxLength={50}
            disabled={busy} {...form.register('version')} />
        </div>
        {upload.progress !== null && <ProgressBar value={upload.progress} label={t.progress} />}
        <div>
          <Button type="submit" busy={busy} busyText={t.uploading}>{t.upload}</Button>
        </div>
      </Form>
    </Card>
  );
}
