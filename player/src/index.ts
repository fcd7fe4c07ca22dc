export { Player, PREVIEW_MEDIA_HEIGHT, type PlayerProps } from './components/player.js';
export { ItemPreview, LayoutPreview } from './components/content-preview.js';
export { connectScreen, type ScreenConnection, type ScreenConnectionOptions } from './connection/screen-connection.js';
export { HttpError } from './connection/http-error.js';
export { tr as playerTexts } from './i18n/tr.js';
