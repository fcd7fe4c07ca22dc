import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { z } from '@pano/contract/zod';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatBytes } from '../../lib/format';
import { lazySchema } from '../../lib/lazy-schema';
import { firstMessage, useZodForm } from '../../lib/use-zod-form';
import { Button, Card, Form, TextField, showAlert } from '../../components/ui';
import { useUploadMedia } from './api/use-upload-media';
import type { ZMediaUploadDraft } from './media-upload-schema';
import { UploadDropZone } from './uploads/upload-drop-zone';
import { FormUploadRow, UploadList } from './uploads/upload-rows';
import { addUploads, baseName } from './uploads/upload-store';
import { UnfinishedUploads } from './uploads/unfinished-uploads';

const uploadSchema = lazySchema(async () => (await import('./media-upload-schema')).ZMediaUploadDraft);

const emptyUpload = (): z.input<typeof ZMediaUploadDraft> => ({ name: '', file: null });

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * docs/PRODUCT.md#media: name + file required, busy state, progress, alert on failure. Several
 * files at once (chosen or dropped) skip the form: each uploads under its own file's name.
 */
export function MediaUploadForm() {
  const form = useZodForm(uploadSchema, emptyUpload());
  const [name, file] = useWatch({ control: form.control, name: ['name', 'file'] });
  const upload = useUploadMedia();
  const busy = upload.isPending;
  const picker = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();

  /** One file fills the form (named from the file when no name is typed); several upload at once. */
  const chosen = (files: File[]) => {
    if (picker.current) picker.current.value = '';
    // While the form's own upload runs, anything dropped uploads beside it.
    if (files.length > 1 || busy) {
      addUploads(files, qc);
      return;
    }
    const [one] = files;
    if (!one) return;
    form.setValue('file', one);
    if (form.getValues('name') === '') form.setValue('name', baseName(one.name));
  };

  const onSubmit = form.handleSubmit(
    (body) => upload.mutateAsync(body, {
      // The picker was emptied when the file was chosen (`chosen`).
      onSuccess: () => form.reset(emptyUpload()),
      onError: (err) => {
        // Cancelled by the customer: nothing to say.
        if (!isAbort(err)) void showAlert(errorMessage(err, tr.media.uploadError));
      },
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
            <UploadDropZone onFiles={chosen}>
              <div className="file-picker">
                <input
                  ref={picker}
                  id="media-file"
                  type="file"
                  multiple
                  accept="image/*,video/*,application/pdf,.pdf"
                  className="sr-only"
                  aria-labelledby="file-label"
                  disabled={busy}
                  onChange={(e) => chosen(Array.from(e.target.files ?? []))}
                />
                <Button variant="secondary" onClick={() => picker.current?.click()} disabled={busy}>
                  {tr.media.chooseFile}
                </Button>
                <span className="file-name" aria-live="polite">
                  {file ? `${file.name} (${formatBytes(file.size)})` : tr.media.noFile}
                </span>
              </div>
            </UploadDropZone>
          </div>
        </div>
        {upload.row && <FormUploadRow row={upload.row} />}
        <div>
          <Button type="submit" busy={busy} busyText={tr.media.uploading} disabled={!file || !name}>
            {tr.media.upload}
          </Button>
        </div>
      </Form>
      <UnfinishedUploads />
      <UploadList />
    </Card>
  );
}
