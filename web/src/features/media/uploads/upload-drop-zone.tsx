import { useState, type DragEvent, type ReactNode } from 'react';
import { trUploads } from '../../../i18n/tr-uploads';

/**
 * The area files can be dropped on (docs/PRODUCT.md#media). It holds the form's 'Dosya Seç'
 * button, the way in from the keyboard; the area itself only catches the mouse's drop.
 */
export function UploadDropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  return (
    <div
      className={`drop-zone${over ? ' drop-over' : ''}`}
      data-testid="drop-zone"
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        if (!carriesFiles(e)) return;
        e.preventDefault();
        const files = Array.from(e.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      <p className="drop-title">{over ? trUploads.dropActive : trUploads.dropTitle}</p>
      {children}
      <p className="drop-hint">{trUploads.dropHint}</p>
    </div>
  );
}
