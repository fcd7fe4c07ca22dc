import { useMutation } from '@tanstack/react-query';
import { tr } from '../../../i18n/tr';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * 'CSV İndir': the same report as a file (`format=csv`), fetched with the token and saved
 * under the name the server gives it (docs/PRODUCT.md#reports).
 */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (query: string) => {
      const file = await apiFile(`/api/reports/plays?${query}&format=csv`);
      saveFile(file.blob, file.filename ?? tr.reports.defaultFilename);
    },
  });
}
