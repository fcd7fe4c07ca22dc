import { apiLogin, apiRegister, apiRegisterAdmin, uniqueEmail } from '../support/accounts';
import { makePng } from '../support/media-files';
import { buyPackage, call } from './dashboard-support';

export type Showcase = {
  customer: { email: string; token: string };
  admin: { email: string; token: string };
  screenIds: string[];
  packageId: string;
  longPlaylistName: string;
};

/** Long enough to wrap to ten lines in a 260 px card if nothing clamps it. */
export const LONG_PLAYLIST_NAME =
  'Acil Servis Bekleme Salonu Sabah Vardiyası Hasta Bilgilendirme ve Randevu Hatırlatma Döngüsü Kampanya Duyuruları Dahil Tüm Gün Yayını';
/** A layout's name long enough to need clamping on its card and in the assignment select. */
export const LONG_LAYOUT_NAME = 'Acil Servis Bekleme Salonu Video, Menü ve Kayan Yazı Düzeni Hafta İçi';
const LONG_TICKER_NAME = 'Kafeterya ve Ana Giriş Kayan Yazıları Hafta İçi Öğle Arası Duyuruları';

async function uploadImage(baseUrl: string, token: string, name: string, rgb: [number, number, number]): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(makePng(160, 90, rgb))], { type: 'image/png' }), 'gorsel.png');
  const res = await fetch(`${baseUrl}/api/media/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`media upload → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}

/**
 * A customer who uses everything (a paid package, media, playlists with a long name and
 * with more items than a card shows, tickers, screens with and without assignments) and
 * an admin, all made through the API as the dashboard would make them.
 */
export async function seedShowcase(baseUrl: string): Promise<Showcase> {
  const email = uniqueEmail('vitrin');
  await apiRegister(baseUrl, email);
  const token = await apiLogin(baseUrl, email);
  await buyPackage(baseUrl, token, 'Profesyonel');

  const colours: [number, number, number][] = [[37, 99, 235], [22, 163, 74], [220, 38, 38], [217, 119, 6], [124, 58, 237]];
  const media = await Promise.all(colours.map((rgb, i) => uploadImage(baseUrl, token, `Afiş ${i + 1}`, rgb)));

  const post = <T>(path: string, body: unknown) => call<T>(baseUrl, token, path, { method: 'POST', body });
  const [lobby, , , ticker] = await Promise.all([
    post<{ _id: string }>('/api/playlists', { name: 'Lobi', mediaItems: media.map((m) => ({ media: m, duration: 5 })) }),
    post('/api/playlists', { name: LONG_PLAYLIST_NAME, mediaItems: [{ media: media[0], duration: 8 }] }),
    post('/api/playlists', { name: 'Kafeterya', mediaItems: media.slice(1, 3).map((m) => ({ media: m, duration: 10 })) }),
    post<{ _id: string }>('/api/direction-playlists', {
      name: LONG_TICKER_NAME, speed: 3, directions: [{ text: 'Öğle menüsü 12:00-14:00' }, { text: 'Otopark B kapısı kapalıdır' }],
    }),
    post('/api/direction-playlists', { name: 'Duyurular', speed: 5, directions: [{ text: 'Hoş geldiniz' }] }),
  ]);
  const screenIds = await Promise.all(['Giriş Holü', 'Kafeterya Ekranı', 'Poliklinik Koridoru B Blok Asansör Önü']
    .map(async (name) => (await post<{ _id: string }>('/api/screens', { name, status: 'active' }))._id));
  // One screen shows a playlist and a ticker, the others nothing: cards of different heights.
  await call(baseUrl, token, `/api/screens/${screenIds[0]}`, {
    method: 'PUT', body: { currentPlaylist: lobby._id, currentDirectionPlaylist: ticker._id },
  });

  // Groups: chips on two cards, rows in 'Ekran Grupları', buttons on /assignment.
  await post('/api/screen-groups', { name: 'Zemin Kat', screenIds: screenIds.slice(0, 2) });
  await post('/api/screen-groups', { name: 'Poliklinikler ve Bekleme Alanları', screenIds: screenIds.slice(1) });
  // Two entries meeting at equal priority: /schedule shows cards, a week and a conflict.
  for (const [name, startTime, endTime] of [['Öğle menüsü', '12:00', '13:30'], ['Öğleden sonra duyurular', '13:00', '15:00']]) {
    await post('/api/schedules', { name, playlist: lobby._id, screens: [screenIds[0]], days: [1, 2, 3, 4, 5], startTime, endTime });
  }

  // An L-shaped layout (/layouts shows its card and miniature; nothing shows it, so it can be deleted).
  await post('/api/layouts', {
    name: LONG_LAYOUT_NAME, orientation: 'landscape', background: '#000000',
    zones: [
      { name: 'Ana Bölge', x: 0, y: 0, width: 75, height: 85, z: 0, playlist: lobby._id, fit: 'cover' },
      { name: 'Yan Bölge', x: 75, y: 0, width: 25, height: 85, z: 0, fit: 'contain' },
      { name: 'Alt Bant', x: 0, y: 85, width: 100, height: 15, z: 0, directionPlaylist: ticker._id, fit: 'cover' },
    ],
  });

  const packages = await call<{ _id: string; name: string }[]>(baseUrl, token, '/api/packages');
  const packageId = packages.find((p) => p.name === 'Kurumsal')!._id;

  const adminEmail = uniqueEmail('yonetici');
  await apiRegisterAdmin(baseUrl, adminEmail);
  const adminToken = await apiLogin(baseUrl, adminEmail);
  // Long name, description and figures: the admin table's widest row. Passive, so the
  // customers' catalogue keeps its four packages.
  await call(baseUrl, adminToken, '/api/packages/admin', {
    method: 'POST',
    body: {
      name: 'Kurumsal Plus Hastane Zinciri',
      description: 'Birden çok binası olan hastaneler, AVM zincirleri ve üniversite kampüsleri için yıllık sözleşmeli kapasite.',
      price: 149999.9, duration: 365, isActive: false, isPopular: true,
      features: { maxMediaUpload: 10000, maxScreens: 10000, maxPlaylists: 10000 },
    },
  });
  return {
    customer: { email, token }, admin: { email: adminEmail, token: adminToken },
    screenIds, packageId, longPlaylistName: LONG_PLAYLIST_NAME,
  };
}
