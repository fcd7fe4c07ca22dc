import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from '@pano/contract/zod';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatBytes } from '../../lib/format';
import { lazySchema } from '../../lib/lazy-schema';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Button, Card, Form, ProgressBar, TextField, showAlert } from '../../components/ui';
import { useUploadMedia } from './api/use-upload-media';
import type { ZMediaUploadDraft } from './media-upload-schema';

const uploadSchema = lazySchema(async () => (await import('./media-upload-schema')).ZMediaUploadDraft);

const emptyUpload = (): z.input<typeof ZMediaUploadDraft> => ({ name: '', file: null });

/** docs/PRODUCT.md#media: name + file required, busy state, progress, alert on failure. */
export function MediaUploadForm() {
  const form = useZodForm(uploadSchema, emptyUpload());
  const [name, file] = useWatch({ control: form.control, name: ['name', 'file'] });
  const upload = useUploadMedia();
  const busy = upload.isPending;
  const picker = useRef<HTMLInputElement>(null);

  const onSubmit = form.handleSubmit(
    (body) => upload.mutateAsync(body, {
      onSuccess: () => {
        form.reset(emptyUpload());
        if (picker.current) picker.current.value = '';
      },
      onError: (err) => void showAlert(errorMessage(err, tr.media.uploadError)),
    }),
    (errors) => showAlert(firstMessage(errors) ?? tr.media.missingInput),
  );

  return (
    <Card aria-labelledby="upload-title">
      <h2 id="upload-title" className="card-title">{tr.media.uploadTitle}</h2>
      <Form className="form" onFocus={uploadSchema.preload} onSubmit={onSubmit}>
        <div className="form-row">
          <TextField
            label={tr.media.nameLabel}
            placeholder={tr.media.namePlaceholder}
            maxLength={200}
            disabled={busy}
            {...form.register('name')}
          />
          <div className="field">
            <span className="field-label" id="file-label">{tr.media.fileLabel}</span>
            <div className="file-picker">
              <input
                ref={picker}
                id="media-file"
                type="file"
                accept="image/*,video/*,application/pdf,.pdf"
                className="sr-only"
                aria-labelledby="file-label"
                disabled={busy}
                onChange={(e) => form.setValue('file', e.target.files?.[0] ?? null)}
              />
              <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy}>
                {tr.media.chooseFile}
              </Button>
              <span className="file-name" aria-live="polite">
                {file ? `${file.name} (${formatBytes(file.size)})` : tr.media.noFile}
              </span>
            </div>
          </div>
        </div>
        {upload.progress !== null && <ProgressBar value={upload.progress} label={tr.media.uploadProgress} />}
        <div>
          <Button type="submit" busy={busy} busyText={tr.media.uploading} disabled={!file || !name}>
            {tr.media.upload}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
