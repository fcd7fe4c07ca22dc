import type { Db } from '../../db/client.js';

/** What a fresh install sells: a free trial and three paid tiers (prices in TL). */
export const DEFAULT_PACKAGES = [
  { name: 'Ücretsiz Deneme', description: '14 gün boyunca Pano\'yu tek ekranda ücretsiz deneyin.', price: 0, durationDays: 14, maxMediaUploadGb: 1, maxScreens: 1, maxPlaylists: 2, isPopular: false },
  { name: 'Başlangıç', description: 'Küçük işletmeler için: birkaç ekran, sınırsız güncelleme.', price: 499, durationDays: 30, maxMediaUploadGb: 5, maxScreens: 3, maxPlaylists: 10, isPopular: false },
  { name: 'Profesyonel', description: 'Mağazalar ve klinikler için geniş depolama ve daha çok ekran.', price: 1299, durationDays: 30, maxMediaUploadGb: 25, maxScreens: 15, maxPlaylists: 50, isPopular: true },
  { name: 'Kurumsal', description: 'Hastaneler, AVM\'ler ve kampüsler için yüksek kapasite.', price: 3999, durationDays: 30, maxMediaUploadGb: 200, maxScreens: 100, maxPlaylists: 500, isPopular: false },
] as const;

/** Creates the catalogue only on an empty packages table, so an admin's edits are never undone. */
export async function seedDefaultPackages(db: Db): Promise<number> {
  if ((await db.package.count()) > 0) return 0;
  const { count } = await db.package.createMany({ data: DEFAULT_PACKAGES.map((p) => ({ ...p })) });
  return count;
}
