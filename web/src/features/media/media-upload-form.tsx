import { useRef, useState } from 'react';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { formatBytes } from '../../lib/format';
import { Button, Card, Form, ProgressBar, TextField, showAlert } from '../../components/ui';
import { useUploadMedia } from './api/use-upload-media';

/** docs/PRODUCT.md#media: name + file required, busy state, progress, alert on failure. */
export function MediaUploadForm() {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadMedia();
  const busy = upload.isPending;
  const picker = useRef<HTMLInputElement>(null);

  const onSubmit = () => {
    if (!file || !name.trim()) {
      void showAlert(tr.media.missingInput);
      return;
    }
    return upload.mutateAsync({ file, name: name.trim() }, {
      onSuccess: () => {
        setName('');
        setFile(null);
        if (picker.current) picker.current.value = '';
      },
      onError: (err) => void showAlert(errorMessage(err, tr.media.uploadError)),
    });
  };

  return (
    <Card aria-labelledby="upload-title">
      <h2 id="upload-title" className="card-title">{tr.media.uploadTitle}</h2>
      <Form className="form" onSubmit={onSubmit}>
        <div className="form-row">
          <TextField
            label={tr.media.nameLabel}
            name="name"
            placeholder={tr.media.namePlaceholder}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            disabled={busy}
          />
          <div className="field">
            <span className="field-label" id="file-label">{tr.media.fileLabel}</span>
            <div className="file-picker">
              <input
                ref={picker}
                id="media-file"
                type="file"
                accept="image/*,video/*"
                className="sr-only"
                aria-labelledby="file-label"
                disabled={busy}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
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
