import { tr } from '../../../i18n/tr';
import { trUploads } from '../../../i18n/tr-uploads';
import { formatBytes, formatRate, formatTimeLeft } from '../../../lib/format';
import { Button, ProgressBar } from '../../../components/ui';
import { cancelUpload, pauseUpload, renameUpload, resumeUpload, sentPercent, useUploads, type UploadRow } from './upload-store';

function statusText(row: UploadRow): string {
  if (row.status === 'failed') return row.error ?? trUploads.failed;
  if (row.status === 'queued') return trUploads.queued;
  if (row.status === 'paused') return trUploads.paused;
  if (row.retrying) return trUploads.retrying;
  if (row.finishing) return trUploads.finishing;
  if (row.bytesPerSecond === null || row.bytesPerSecond <= 0) return trUploads.starting;
  return trUploads.speed(formatRate(row.bytesPerSecond), row.secondsLeft === null ? null : formatTimeLeft(row.secondsLeft));
}

/**
 * One file's upload: its name (editable until it is stored; a replacement's is its item's),
 * progress with speed and time left, and pause, resume and cancel. `progressLabel`: the spec form's own bar is 'Yükleme ilerlemesi'.
 */
function UploadRowView({ row, progressLabel }: { row: UploadRow; progressLabel?: string }) {
  // The spec form's row: its name is the form's 'Medya Adı'.
  const inForm = progressLabel !== undefined;
  const percent = sentPercent(row);
  const failed = row.status === 'failed';
  return (
    <li className={`upload-row upload-${row.status}`} data-testid="upload-row">
      <div className="upload-head">
        {inForm ? <strong className="upload-name">{row.name}</strong>
          : row.replaces ? <strong className="upload-name">{trUploads.replacementRow(row.name)}</strong> : <input
          className="input upload-name"
          aria-label={trUploads.nameFor(row.fileName)}
          value={row.name}
          maxLength={200}
          disabled={row.finishing || failed}
          onChange={(e) => renameUpload(row.id, e.target.value)}
        />}
        <span className="upload-file" title={row.fileName}>
          {row.fileName} · {trUploads.sizeOf(formatBytes(row.sent), formatBytes(row.size))}
        </span>
      </div>
      <ProgressBar value={percent} label={progressLabel ?? trUploads.progressFor(row.fileName)} tone={failed ? 'danger' : row.status === 'paused' ? 'warning' : 'primary'} />
      <div className="upload-foot">
        <span className={failed ? 'upload-status upload-error' : 'upload-status'} role={failed ? 'alert' : undefined} aria-live={failed ? undefined : 'polite'}>
          {statusText(row)}
        </span>
        <span className="upload-actions">
          {row.status === 'uploading' && !row.finishing && (
            <Button size="sm" variant="secondary" aria-label={trUploads.actionFor(trUploads.pause, row.name || row.fileName)} onClick={() => pauseUpload(row.id)}>
              {trUploads.pause}
            </Button>
          )}
          {(row.status === 'paused' || (failed && row.resumable)) && (
            <Button size="sm" variant="secondary" aria-label={trUploads.actionFor(trUploads.resume, row.name || row.fileName)} onClick={() => resumeUpload(row.id)}>
              {trUploads.resume}
            </Button>
          )}
          {!row.finishing && (
            <Button size="sm" variant={failed ? 'ghost' : 'danger-soft'} aria-label={trUploads.actionFor(failed ? tr.common.remove : tr.common.cancel, row.name || row.fileName)}
              onClick={() => void cancelUpload(row.id)}>
              {failed ? tr.common.remove : tr.common.cancel}
            </Button>
          )}
        </span>
      </div>
    </li>
  );
}

/** Every upload of the page but the one the spec's form shows. */
export function UploadList() {
  const rows = useUploads((s) => s.rows);
  const formRowId = useUploads((s) => s.formRowId);
  const shown = rows.filter((r) => r.id !== formRowId);
  if (shown.length === 0) return null;
  return (
    <section className="uploads" aria-labelledby="uploads-title">
      <h3 id="uploads-title" className="uploads-title">{trUploads.listTitle}</h3>
      <ul className="upload-list">
        {shown.map((row) => <UploadRowView key={row.id} row={row} />)}
      </ul>
    </section>
  );
}

/** The form's own upload, under its 'Yükleme ilerlemesi' bar. */
export function FormUploadRow({ row }: { row: UploadRow }) {
  return (
    <ul className="upload-list">
      <UploadRowView row={row} progressLabel={tr.media.uploadProgress} />
    </ul>
  );
}
