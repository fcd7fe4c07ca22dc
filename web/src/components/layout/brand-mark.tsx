/**
 * Pano's logo mark: a screen showing a picture and a text column, with the ticker band along
 * its bottom. Decorative, because 'Pano' is always written beside it. web/public/favicon.svg
 * is the same drawing.
 */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="3" width="28" height="21" rx="4" fill="#2563eb" />
      <rect x="5.5" y="6.5" width="12" height="10" rx="1.5" fill="#fff" />
      <rect x="19.5" y="6.5" width="7" height="4" rx="1" fill="#bfdbfe" />
      <rect x="19.5" y="12.5" width="7" height="4" rx="1" fill="#bfdbfe" />
      <rect x="5.5" y="19" width="21" height="2.5" rx="1.25" fill="#93c5fd" />
      <path d="M16 24v4M10.5 29h11" stroke="#3b82f6" strokeWidth="2.5" strokeLinecap="round" fill="none" />
    </svg>
  );
}
