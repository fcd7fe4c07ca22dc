import './settings.css';
import { Suspense, lazy, useEffect, useState } from 'react';
import { tr } from '../../i18n/tr';
import { PageHeader, Spinner } from '../../components/ui';

// The cards bring zod (their forms check fields with the contract's schemas) and socket.io (the
// devices' presence, the screens' health): 45 KB gzip that the page's header does not need.
const SettingsContent = lazy(async () => ({ default: (await import('./settings-content')).SettingsContent }));

/**
 * docs/PRODUCT.md#settings. The header is drawn first, with the spinner the page shows while its
 * answers come anyway; the cards' code is asked for once that frame is on screen, so the first
 * paint waits for none of it (docs/PERFORMANCE.md#dashboard-first-load-p13).
 */
export function SettingsPage() {
  const header = <PageHeader title={tr.settings.title} lead={tr.settings.lead} />;
  const loading = <div className="page settings-page">{header}<Spinner /></div>;
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => { timer = setTimeout(() => setPainted(true)); });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  if (!painted) return loading;
  return <Suspense fallback={loading}><SettingsContent header={header} /></Suspense>;
}
