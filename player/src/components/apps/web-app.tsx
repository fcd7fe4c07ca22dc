import { useEffect, useState } from 'react';
import { useOnce, type AppProps } from './app-common.js';

/**
 * What a framed page may do (docs/PRODUCT.md#apps): run its scripts, keep its own origin and send
 * its forms, nothing more: no top navigation, no popups, no downloads.
 */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/**
 * A web page in a sandboxed frame, zoomed by a CSS transform (the frame is laid out larger or
 * smaller and scaled to fill the zone), reloaded every `refreshSeconds` when set. Offline the
 * page cannot load and the browser would draw its error page: a calm blank instead.
 */
export default function WebApp({ app, onReady, onFailed }: AppProps<'web'>) {
  const [round, setRound] = useState(0);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  useOnce(() => (offline ? onFailed() : undefined));
  useEffect(() => {
    if (!app.refreshSeconds) return;
    const timer = setInterval(() => setRound((n) => n + 1), app.refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [app.refreshSeconds]);
  if (offline) return null;
  const scale = app.zoom / 100;
  return (
    <iframe key={round} src={app.url} title="web" sandbox={FRAME_SANDBOX} referrerPolicy="no-referrer" allow="autoplay"
      data-testid="web-app" onLoad={onReady}
      style={{
        position: 'absolute', top: 0, left: 0, border: 0, background: '#fff',
        width: `${100 / scale}%`, height: `${100 / scale}%`, transform: `scale(${scale})`, transformOrigin: '0 0',
      }} />
  );
}
