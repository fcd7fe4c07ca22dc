import { createRoot } from 'react-dom/client';
import { DeviceApp } from './device/device-app.js';

// The service worker's scope is /player/; a kiosk opened at /player would not be covered.
if (location.pathname === import.meta.env.BASE_URL.replace(/\/$/, '')) history.replaceState(null, '', import.meta.env.BASE_URL + location.search);

createRoot(document.getElementById('root')!).render(<DeviceApp />);
// The offline code loads after the first paint (docs/PERFORMANCE.md, P6: the player's first load).
void import('./offline/media-cache.js').then((m) => m.registerServiceWorker());
