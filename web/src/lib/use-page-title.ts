import { useEffect } from 'react';
import { tr } from '../i18n/tr';

/**
 * Sets the tab title: "<page> · Pano", or the product title for the home page. Screen readers announce
 * it on navigation, and it tells tabs apart. Pages with a PageHeader get this from it.
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title === null ? tr.app.documentTitle : `${title} · ${tr.app.name}`;
  }, [title]);
}
