import { ZMediaUploadFields } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { tr } from '../../i18n/tr';

/**
 * The upload's values: the contract's text fields and the chosen file (docs/PRODUCT.md#media).
 * A module of its own: the form imports it (and zod with it) when it is first used, so the
 * thumbnails, /media's largest paint, wait for none of it (docs/PERFORMANCE.md#contract-chunks).
 */
export const ZMediaUploadDraft = ZMediaUploadFields.extend({
  file: z.custom<File | null>((v) => v instanceof File, tr.media.missingInput),
}).transform(({ name, file }) => ({ name, file: file as File }));
