export { Player, PREVIEW_MEDIA_HEIGHT, type PlayerProps } from './components/player.js';
export { tr as playerTexts } from './i18n/tr.js';
export { mediaKind, resolveMediaUrl } from './playback/media-rules.js';
