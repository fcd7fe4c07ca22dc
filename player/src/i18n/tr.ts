/** Every text the player shows. Spec strings (docs/PRODUCT.md#preview) are reproduced exactly. */
export const tr = {
  loading: 'Yükleniyor...',
  error: (message: string) => `Hata: ${message}`,
  screenNotFound: 'Ekran bulunamadı',
  noMedia: 'Bu ekrana atanmış medya bulunamadı',
  unmuteAndPlay: 'Sesi Aç ve Oynat',
  configFailed: 'Ekran bilgileri alınamadı',

  // Device pairing (the /player app); not in the spec, worded to match its tone. The pairing
  // form's own texts are in tr-pairing.ts, loaded with it (docs/PERFORMANCE.md, P6).
  pairFailed: 'Eşleştirme başarısız',
  screenChoiceFailed: 'Ekran seçilemedi',
  offline: 'Çevrimdışı: kayıtlı içerik oynatılıyor',
  playsUploadFailed: 'Oynatma kayıtları gönderilemedi',
  deviceRemoved: 'Bu cihaz hesaptan kaldırıldı. Yeniden kullanmak için mobil kodu girin.',

  // Emergency alerts ('Acil Duyuru') taking over the screen.
  alertLabel: 'ACİL DUYURU',
  moreAlerts: (count: number) => `+${count} duyuru daha`,

  // Self-healing events in the screen's health (read in the dashboard; docs/PRODUCT.md#player).
  itemFailed: (name: string) => `'${name}' gösterilemedi`,
  videoStalled: (name: string) => `'${name}' 5 saniyeden uzun süre ilerlemedi, atlandı`,
  itemSkipped: (name: string) => `'${name}' üst üste 3 kez gösterilemedi, döngüde atlanıyor`,
  memoryReloaded: 'Bellek kullanımı artmaya devam ettiği için oynatıcı yeniden yüklendi',
  screenshotFailed: 'Ekran görüntüsü gönderilemedi',
} as const;
