import { lazySchema } from '../lib/lazy-schema';

/**
 * The answer schemas of the calls the entry chunk makes: the route loaders' prefetches of /media
 * and /playlists, the sidebar's logout and account deletion (the session check's is
 * stores/verify-schema.ts). A static import of a schema here would put zod into every page's
 * first load, signed out or not (docs/PERFORMANCE.md#contract-chunks); each schema is a module of
 * its own under `schemas/`, imported as its call starts (lib/api-client.ts), so no round trip is
 * added.
 */
export const mediaListAnswer = lazySchema(async () => (await import('./schemas/media-list')).ZMediaListAnswer);
export const playlistListAnswer = lazySchema(async () => (await import('./schemas/playlist-list')).ZPlaylistListAnswer);
export const okAnswer = lazySchema(async () => (await import('./schemas/ok')).ZOkResponse);
