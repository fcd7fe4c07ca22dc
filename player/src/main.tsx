import { createRoot } from 'react-dom/client';
import { DeviceApp } from './device/device-app.js';
import { registerServiceWorker } from './offline/media-cache.js';

createRoot(document.getElementById('root')!).render(<DeviceApp />);
void registerServiceWorker();
