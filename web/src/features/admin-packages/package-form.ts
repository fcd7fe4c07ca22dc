import { ZPackageWrite, type TPackage, type TPackageWrite } from '@pano/contract';
import { z } from '@pano/contract/zod';
import { checkFields } from '../../lib/form-errors';

/** Raw input text per field, as typed; converted only on submit. */
export type PackageDraft = {
  name: string;
  price: string;
  description: string;
  maxMediaUpload: string;
  maxScreens: string;
  maxPlaylists: string;
  maxMembers: string;
  duration: string;
  isPopular: boolean;
};

export type DraftField = Exclude<keyof PackageDraft, 'isPopular'>;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** docs/PRODUCT.md#admin-packages: duration defaults to 30 days in the form, the member limit to 5. */
export const emptyDraft = (): PackageDraft => ({
  name: '', price: '', description: '', maxMediaUpload: '', maxScreens: '', maxPlaylists: '', maxMembers: '5', duration: '30', isPopular: false,
});

export function draftFromPackage(p: TPackage): PackageDraft {
  return {
    name: p.name,
    price: String(p.price),
    description: p.description,
    maxMediaUpload: String(p.features.maxMediaUpload),
    maxScreens: String(p.features.maxScreens),
    maxPlaylists: String(p.features.maxPlaylists),
    maxMembers: String(p.features.maxMembers),
    duration: String(p.duration),
    isPopular: p.isPopular,
  };
}

const toWrite = (d: PackageDraft) => ({
  name: d.name,
  description: d.description,
  // Numbers as typed: the contract reads '99,90' (a Turkish decimal comma) and '99.90' alike.
  price: d.price,
  features: { maxMediaUpload: d.maxMediaUpload, maxScreens: d.maxScreens, maxPlaylists: d.maxPlaylists, maxMembers: d.maxMembers },
  isPopular: d.isPopular,
  duration: d.duration,
});

/**
 * docs/PRODUCT.md#admin-packages: checked with the contract's ZPackageWrite, the rules and Turkish messages the
 * server applies (every field required; price at least 0 with at most two decimals; the limits and the
 * duration whole numbers of at least 1). Price is sent as a decimal number, the others as integers.
 */
export function toPackageBody(d: PackageDraft): { body: TPackageWrite } | { errors: DraftErrors } {
  const checked = checkFields(ZPackageWrite, toWrite(d));
  return 'errors' in checked ? { errors: checked.errors as DraftErrors } : { body: checked.data };
}

/**
 * The form's values are the draft (numbers as typed, the limits flat); converted into the request by
 * toPackageBody, whose messages land on the draft's field names (a limit's on `maxScreens`, not
 * `features.maxScreens`).
 */
export const ZPackageDraft = z.object({
  name: z.string(), price: z.string(), description: z.string(), maxMediaUpload: z.string(), maxScreens: z.string(),
  maxPlaylists: z.string(), maxMembers: z.string(), duration: z.string(), isPopular: z.boolean(),
}).transform((d, ctx): TPackageWrite => {
  const result = toPackageBody(d);
  if ('body' in result) return result.body;
  for (const [field, message] of Object.entries(result.errors)) ctx.addIssue({ code: 'custom', path: [field], message, input: d });
  return z.NEVER;
});
