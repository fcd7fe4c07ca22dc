import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseFormRow, uploadFromForm, useUploads } from '../uploads/upload-store';

export type UploadMediaInput = { file: File; name: string };

/**
 * The spec's form ('Yükle'): one file under the name typed, sent with the tus protocol like
 * every upload of the page (docs/PRODUCT.md#media); settles with the new media's id once the
 * list has it. `row` is the form's upload while it runs (its progress, pause and cancel).
 */
export function useUploadMedia() {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ file, name }: UploadMediaInput) => uploadFromForm(file, name, qc),
  });
  const row = useUploads((s) => s.rows.find((r) => r.id === s.formRowId) ?? null);
  // Left while it runs: the upload goes on in the page's list.
  useEffect(() => releaseFormRow, []);
  return { ...mutation, row };
}
