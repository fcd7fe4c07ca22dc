import type { TPackage, TPackageWrite } from '@pano/contract';
import { tr } from '../../i18n/tr';

/** Raw input text per field, as typed; converted only on submit. */
export type PackageDraft = {
  name: string;
  price: string;
  description: string;
  maxMediaUpload: string;
  maxScreens: string;
  maxPlaylists: string;
  duration: string;
  isPopular: boolean;
};

export type DraftField = Exclude<keyof PackageDraft, 'isPopular'>;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** docs/PRODUCT.md#admin-packages: duration defaults to 30 days in the form. */
export const emptyDraft = (): PackageDraft => ({
  name: '', price: '', description: '', maxMediaUpload: '', maxScreens: '', maxPlaylists: '', duration: '30', isPopular: false,
});

export function draftFromPackage(p: TPackage): PackageDraft {
  return {
    name: p.name,
    price: String(p.price),
    description: p.description,
    maxMediaUpload: String(p.features.maxMediaUpload),
    maxScreens: String(p.features.maxScreens),
    maxPlaylists: String(p.features.maxPlaylists),
    duration: String(p.duration),
    isPopular: p.isPopular,
  };
}

/** "99,90" (Turkish decimal comma) and "99.90" both mean 99.9. */
function toNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

function price(text: string): number | string {
  if (!text.trim()) return tr.adminPackages.required;
  const n = toNumber(text);
  if (n === null) return tr.adminPackages.notNumber;
  if (n < 0) return tr.adminPackages.priceMin;
  // Step 0.01: kuruş precision, nothing finer.
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return tr.adminPackages.priceStep;
  return Math.round(n * 100) / 100;
}

function positiveInt(text: string): number | string {
  if (!text.trim()) return tr.adminPackages.required;
  const n = toNumber(text);
  if (n === null) return tr.adminPackages.notNumber;
  if (!Number.isInteger(n)) return tr.adminPackages.intWhole;
  if (n < 1) return tr.adminPackages.intMin;
  return n;
}

/**
 * docs/PRODUCT.md#admin-packages: every field is required; price ≥ 0 with step 0.01, the rest integers ≥ 1.
 * Price is sent as a decimal number, the others as integers.
 */
export function toPackageBody(d: PackageDraft): { body: TPackageWrite } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = d.name.trim();
  const description = d.description.trim();
  if (!name) errors.name = tr.adminPackages.required;
  if (!description) errors.description = tr.adminPackages.required;
  const values = {
    price: price(d.price),
    maxMediaUpload: positiveInt(d.maxMediaUpload),
    maxScreens: positiveInt(d.maxScreens),
    maxPlaylists: positiveInt(d.maxPlaylists),
    duration: positiveInt(d.duration),
  };
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') errors[k as DraftField] = v;
  if (Object.keys(errors).length > 0) return { errors };
  const n = values as Record<keyof typeof values, number>;
  return {
    body: {
      name,
      description,
      price: n.price,
      features: { maxMediaUpload: n.maxMediaUpload, maxScreens: n.maxScreens, maxPlaylists: n.maxPlaylists },
      isPopular: d.isPopular,
      duration: n.duration,
    },
  };
}
