import type { Socket } from 'socket.io-client';
import { call, connectDevice } from './dashboard-support';
import { seedShowcase, type Showcase } from './ui-fixtures';

/** Names as a hospital and a mall give them: long, several words, Turkish letters. */
export const LONG_SCREEN_NAMES = [
  'Kafeterya Girişi Büyük Ekran', 'Acil Servis Bekleme Salonu Ana Ekranı', 'Ana Giriş Danışma Yanı Dikey Ekran',
  'Kardiyoloji Polikliniği Bekleme Alanı', 'Yemekhane Kuzey Duvarı', 'Otopark Çıkışı Bilgilendirme',
  'Çocuk Acil Bekleme Salonu Ekranı', 'Laboratuvar Sonuç Teslim Bankosu', 'Yönetim Katı Toplantı Salonu Önü',
];
export const LONG_TEMPLATE_NAME = 'Yangın Tahliye Duyurusu Tüm Bloklar ve Otopark Katları';

export type LayoutShowcase = Showcase & { allScreenIds: string[]; devices: Socket[] };

/**
 * The showcase (ui-fixtures.ts) with what the layout checks need besides: twelve screens, most
 * with long names, two of them with a device; an alert template; an alert still on the
 * screens and one ended; an API key. Everything a dialog can be opened on exists.
 */
export async function seedLayoutShowcase(baseUrl: string): Promise<LayoutShowcase> {
  const s = await seedShowcase(baseUrl);
  const token = s.customer.token;
  const post = <T>(path: string, body: unknown) => call<T>(baseUrl, token, path, { method: 'POST', body });
  const more = await Promise.all(LONG_SCREEN_NAMES
    .map(async (name) => (await post<{ _id: string }>('/api/screens', { name, status: 'active' }))._id));
  const allScreenIds = [...s.screenIds, ...more];
  await post('/api/alert-templates', {
    name: LONG_TEMPLATE_NAME, title: 'Lütfen en yakın çıkışı kullanarak binayı terk edin',
    message: 'Asansörleri kullanmayın. Görevlilerin yönlendirmelerine uyun ve toplanma alanında bekleyin.',
    all: true, untilEnded: true,
  });
  const ended = await post<{ _id: string }>('/api/alerts', {
    title: 'Kardiyoloji Polikliniği randevuları bugün iptal edildi', message: 'Yeni randevu için danışmaya başvurun.',
    screens: more.slice(0, 3), durationMinutes: 30,
  });
  await call(baseUrl, token, `/api/alerts/${ended._id}`, { method: 'DELETE' });
  await post('/api/alerts', {
    title: 'Acil Servis girişi geçici olarak B kapısına taşındı', message: 'Lütfen yönlendirme levhalarını takip edin.',
    all: true, untilEnded: true,
  });
  await post('/api/api-keys', { name: 'Yangın Paneli Entegrasyonu Ana Bina' });
  // A CAP feed with a long address, turned off so it is never fetched (the address is public).
  await post('/api/cap-feeds', { url: 'https://203.0.114.25/afet-ve-acil-durum-yonetimi/cap/beslemeler/tum-iller-icin-uyarilar.atom', pollSeconds: 300, enabled: false });
  const { user } = await call<{ user: { _id: string } }>(baseUrl, token, '/api/auth/verify');
  const { mobileCode } = await call<{ mobileCode: string }>(baseUrl, token, `/api/purchase/my-package/${user._id}`);
  // Two screens a player showed: offline once it leaves, and 'Sorunlu' after the warning time.
  const devices = [await connectDevice(baseUrl, mobileCode, more[0]!), await connectDevice(baseUrl, mobileCode, more[3]!)];
  return { ...s, allScreenIds, devices };
}
