import {
  HEALTH_WARN_MINUTES_DEFAULT, ZLayout, ZMedia, ZOkResponse, ZPackage, ZPackageUsage, ZPlaylist, ZScreen, ZScreenHealthResponse, ZUser,
} from '@pano/contract';
import type {
  TLayout, TMedia, TPackage, TPackageUsage, TPlaylist, TScreen, TScreenHealthResponse, TUser,
} from '@pano/contract';

/*
 * Answers of the fake API in web tests, whole and as the server sends them. Each factory parses
 * what it builds with the answer's contract schema, so a fixture cannot drift from the contract
 * the dashboard reads with (docs/CONTRACT.md#reading-an-answer); a test changes only the fields
 * it is about.
 */

/** The n-th fixture id, a valid UUID. */
export const fixtureId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const at = '2025-01-01T00:00:00Z';

/** A signed-in customer, as GET /api/auth/verify and the login give it. */
export function aUser(over: Partial<TUser> = {}): TUser {
  return ZUser.parse({
    _id: fixtureId(99), email: 'ayse@ornek.com', firstName: 'Ayşe', lastName: null, role: 'customer',
    account: { _id: fixtureId(99), name: 'Ayşe', role: 'owner', limited: false }, ...over,
  });
}

/** What a file's processing adds to the spec's media shape, for a ready file written out by hand. */
export const readyFile = { status: 'ready', progress: 100, error: null, durationSeconds: null, posterUrl: null, sha256: null, replacement: null } as const;

export function aMedia(over: Partial<TMedia> = {}): TMedia {
  return ZMedia.parse({
    _id: fixtureId(1), name: 'Logo', filePath: '/uploads/logo.png', mediaType: 'Resim', type: 'image', mimeType: 'image/png',
    size: 10, width: 1, height: 1, duration: null, createdAt: at, ...over,
  });
}

export function aPlaylist(over: Partial<TPlaylist> = {}): TPlaylist {
  return ZPlaylist.parse({ _id: fixtureId(2), name: 'Lobi', mediaItems: [], createdAt: at, updatedAt: at, ...over });
}

export function aScreen(over: Partial<TScreen> = {}): TScreen {
  return ZScreen.parse({
    _id: fixtureId(4), name: 'Giriş', status: 'active', currentPlaylist: null, currentDirectionPlaylist: null,
    lastSeenAt: null, timezone: 'Europe/Istanbul', latitude: null, longitude: null, groups: [], createdAt: at, ...over,
  });
}

/** A layout of two zones side by side (75/25), without content unless told. */
export function aLayout(over: Partial<TLayout> = {}): TLayout {
  const zone = (name: string, x: number, width: number) =>
    ({ name, x, y: 0, width, height: 100, z: 0, playlist: null, directionPlaylist: null, fit: 'cover' });
  return ZLayout.parse({
    _id: fixtureId(6), name: 'Lobi Yerleşimi', orientation: 'landscape', background: '#000000',
    zones: [zone('Ana Bölge', 0, 75), zone('Yan Bölge', 75, 25)], createdAt: at, updatedAt: at, ...over,
  });
}

export function aPackage(over: Partial<TPackage> = {}): TPackage {
  return ZPackage.parse({
    _id: fixtureId(5), name: 'Pro', description: 'Orta ölçek', price: 49.9, duration: 30, isPopular: false, isActive: true,
    features: { maxMediaUpload: 5, maxScreens: 3, maxPlaylists: 10, maxMembers: 5 }, createdAt: at, updatedAt: at, ...over,
  });
}

/** GET /api/packages/admin/{id}/usage: nobody bought it, unless told. */
export function packageUsage(over: Partial<TPackageUsage> = {}): TPackageUsage {
  return ZPackageUsage.parse({ customers: 0, activeCustomers: 0, ...over });
}

/** GET /api/screens/health (the screens page and the sidebar): no report from any screen, unless told. */
export function screenHealthResponse(over: Partial<TScreenHealthResponse> = {}): TScreenHealthResponse {
  return ZScreenHealthResponse.parse({ warnMinutes: HEALTH_WARN_MINUTES_DEFAULT, screens: [], ...over });
}

/** The `{ message }` of a write that returns nothing else (a DELETE). */
export function okAnswer(message = 'Silindi'): { message: string } {
  return ZOkResponse.parse({ message });
}
