import type { TAuditAction } from '@pano/contract';

/**
 * The texts of /activity ('Etkinlik Geçmişi') and /admin/activity (docs/PRODUCT.md#activity).
 * Apart from tr.ts so they load with those pages' chunks, not with every page's first load.
 */
export const trActivity = {
  title: 'Etkinlik Geçmişi',
  lead: 'Hesabınızda kimin, ne zaman, neyi değiştirdiği. Kayıtlar değiştirilemez ve silinemez.',
  /** As the server's refusal: the history names every screen and person of the account. */
  onlyAllScreensAdmins: 'Etkinlik geçmişini yalnızca tüm ekranlara erişen yöneticiler görebilir',
  platformTitle: 'Platform Etkinliği',
  platformLead: 'Paketler, APK ve satışlarda yapılan değişiklikler. Kayıtlar değiştirilemez ve silinemez.',
  filtersTitle: 'Süzgeçler',
  fromLabel: 'Başlangıç',
  toLabel: 'Bitiş',
  whatLabel: 'Ne değişti',
  allWhat: 'Tümü',
  clear: 'Süzgeçleri temizle',
  download: 'CSV İndir',
  downloading: 'İndiriliyor…',
  downloadError: 'Dosya indirilemedi',
  loadError: 'Etkinlik geçmişi yüklenirken hata oluştu',
  empty: 'Bu süzgeçlere uyan kayıt yok',
  emptyHint: 'Yapılan her değişiklik burada görünür.',
  colWhen: 'Zaman',
  colWho: 'Kim',
  colWhat: 'İşlem',
  colTarget: 'Hedef',
  colChanges: 'Değişiklikler',
  onlyThisPerson: (name: string) => `Yalnızca ${name} kişisinin kayıtları`,
  personFilter: (name: string) => `Kişi: ${name}`,
  /** The chip's name when neither the address nor the page names the person. */
  somePerson: 'seçilen kişi',
  removePerson: 'Kişi süzgecini kaldır',
  previous: 'Önceki',
  next: 'Sonraki',
  pageOf: (page: number, pages: number, total: number) => `Sayfa ${page} / ${pages} (${total} kayıt)`,
  actorTypes: { user: 'Kişi', apiKey: 'API anahtarı', device: 'Cihaz', system: 'Sistem' } as Record<string, string>,
  empty_value: '—',
  /** A yes/no field's value ('Etkin', 'Ses', 'İki adımlı doğrulama zorunlu'). */
  yes: 'Evet',
  no: 'Hayır',
  /** The changed fields' names; a field missing here shows as stored. */
  fields: {
    name: 'Ad', items: 'Öğeler', kind: 'Tür', mime: 'Dosya türü', sizeBytes: 'Boyut (bayt)', app: 'Uygulama ayarları',
    speed: 'Hız', texts: 'Metinler', orientation: 'Yön', background: 'Arka plan', zones: 'Bölgeler',
    playlist: 'Playlist', ticker: 'Reji', layout: 'Yerleşim', timezone: 'Saat dilimi', rotation: 'Döndürme', latitude: 'Enlem', longitude: 'Boylam', screens: 'Ekranlar',
    groups: 'Gruplar', days: 'Günler', startTime: 'Başlangıç saati', endTime: 'Bitiş saati', startDate: 'Başlangıç tarihi',
    endDate: 'Bitiş tarihi', exceptDates: 'Hariç günler', priority: 'Öncelik', enabled: 'Etkin', title: 'Başlık', message: 'Mesaj',
    endsAt: 'Bitiş', endedAt: 'Sonlandırma', textColor: 'Yazı rengi', mediaId: 'Görsel', sound: 'Ses', durationMinutes: 'Süre (dk)',
    allScreens: 'Tüm ekranlar', screenIds: 'Ekranlar', groupIds: 'Gruplar', prefix: 'Anahtar başı', revokedAt: 'İptal', screen: 'Ekran',
    previousDevice: 'Önceki cihaz', warnMinutes: 'Uyarı süresi (dk)', role: 'Rol', email: 'E-posta', expiresAt: 'Bitiş', status: 'Durum',
    amount: 'Tutar', amountPaid: 'Ödenen', provider: 'Ödeme yolu', version: 'Sürüm', price: 'Fiyat', description: 'Açıklama',
    isActive: 'Satışta', isPopular: 'Öne çıkan', durationDays: 'Süre (gün)', maxScreens: 'Ekran sınırı', maxPlaylists: 'Playlist sınırı',
    maxMediaUploadGb: 'Depolama (GB)', maxMembers: 'Kişi sınırı', twoFactorRequired: 'İki adımlı doğrulama zorunlu',
  } as Record<string, string>,
  /** The target types, for the filter and the table. */
  targets: {
    media: 'Medya', playlist: 'Playlist', ticker: 'Reji', layout: 'Yerleşim', screen: 'Ekran', screenGroup: 'Ekran grubu',
    schedule: 'Zamanlama', alert: 'Acil duyuru', alertTemplate: 'Duyuru şablonu', apiKey: 'API anahtarı', webhook: 'Webhook', capFeed: 'CAP beslemesi', device: 'Cihaz',
    settings: 'Ayarlar', account: 'Hesap', member: 'Üye', invitation: 'Davet', purchase: 'Satın alma', package: 'Paket', apk: 'APK', admin: 'Yönetici',
  } as Record<string, string>,
  /**
   * What was done, by action: every action of the contract's AUDIT_ACTIONS has its label (a
   * missing one fails the typecheck); an event of an action unknown here shows as written.
   */
  actions: {
    'media.upload': 'Medya yükledi', 'media.create': 'Uygulama ekledi', 'media.update': 'Medyayı düzenledi', 'media.replace': 'Dosyayı değiştirdi', 'media.delete': 'Medyayı sildi',
    'media.process': 'Dosya işlendi, yayına hazır', 'media.processFail': 'Dosya işlenemedi',
    'playlist.create': 'Playlist oluşturdu', 'playlist.update': 'Playlisti düzenledi', 'playlist.delete': 'Playlisti sildi',
    'ticker.create': 'Reji oluşturdu', 'ticker.update': 'Rejiyi düzenledi', 'ticker.delete': 'Rejiyi sildi',
    'layout.create': 'Yerleşim oluşturdu', 'layout.update': 'Yerleşimi düzenledi', 'layout.delete': 'Yerleşimi sildi',
    'screen.create': 'Ekran ekledi', 'screen.update': 'Ekranı düzenledi', 'screen.delete': 'Ekranı sildi',
    'screenGroup.create': 'Grup oluşturdu', 'screenGroup.update': 'Grubu düzenledi', 'screenGroup.delete': 'Grubu sildi',
    'schedule.create': 'Zamanlama ekledi', 'schedule.update': 'Zamanlamayı düzenledi', 'schedule.delete': 'Zamanlamayı sildi',
    'alert.send': 'Acil duyuru gönderdi', 'alert.end': 'Acil duyuruyu sonlandırdı',
    'alertTemplate.create': 'Şablon oluşturdu', 'alertTemplate.update': 'Şablonu düzenledi', 'alertTemplate.delete': 'Şablonu sildi',
    'apiKey.create': 'API anahtarı oluşturdu', 'apiKey.revoke': 'API anahtarını iptal etti',
    'webhook.create': 'Webhook ekledi', 'webhook.update': 'Webhook\'u düzenledi', 'webhook.delete': 'Webhook\'u sildi', 'webhook.disable': 'Webhook\'u kapattı (24 saattir başarısız)',
    'capFeed.create': 'CAP beslemesi ekledi', 'capFeed.update': 'CAP beslemesini düzenledi', 'capFeed.delete': 'CAP beslemesini sildi',
    'settings.cap': 'CAP renklerini değiştirdi',
    'device.pair': 'Cihaz eşleştirildi', 'device.update': 'Cihazı düzenledi', 'device.revoke': 'Cihazı kaldırdı', 'device.selectScreen': 'Cihaz ekran seçti',
    'settings.display': 'Görünüm ayarlarını değiştirdi', 'settings.health': 'Ekran sağlığı ayarını değiştirdi',
    'account.create': 'Hesabı oluşturdu', 'account.rename': 'Hesap adını değiştirdi', 'account.settings': 'Hesap ayarlarını değiştirdi',
    'account.transfer': 'Sahipliği devretti', 'account.delete': 'Hesabı sildi',
    'member.update': 'Üyeyi düzenledi', 'member.remove': 'Üyeyi çıkardı',
    'invitation.create': 'Davet gönderdi', 'invitation.revoke': 'Daveti iptal etti', 'invitation.accept': 'Daveti kabul etti',
    'purchase.start': 'Ödeme başlattı', 'purchase.complete': 'Satın alma tamamlandı', 'purchase.fail': 'Ödeme başarısız',
    'purchase.abandon': 'Ödeme yarım kaldı', 'purchase.expire': 'Paket süresi doldu', 'purchase.replace': 'Paket yenisiyle değişti',
    'package.create': 'Paket oluşturdu', 'package.update': 'Paketi düzenledi', 'package.delete': 'Paketi sildi',
    'approval.request': 'Onaya gönderdi', 'approval.approve': 'Onayladı', 'approval.reject': 'Reddetti',
    'sso.create': 'Kurumsal girişi açtı', 'sso.update': 'Kurumsal girişi düzenledi', 'sso.delete': 'Kurumsal girişi kapattı',
    'sso.join': 'Kurumsal girişle katıldı',
    'user.logout': 'Çıkış yaptı', 'user.sessionEnd': 'Oturum kapattı', 'user.passwordResetRequest': 'Şifre sıfırlama bağlantısı istendi', 'user.passwordReset': 'Şifresini sıfırladı',
    'user.passwordChange': 'Şifresini değiştirdi',
    'user.twoFactorEnable': 'İki adımlı doğrulamayı açtı', 'user.twoFactorDisable': 'İki adımlı doğrulamayı kapattı',
    'user.twoFactorReset': 'İki adımlı doğrulamayı sıfırladı (destek)',
    'apk.upload': 'APK yükledi', 'admin.create': 'Yönetici hesabı oluşturuldu', 'admin.delete': 'Yönetici hesabını sildi',
  } satisfies Record<TAuditAction, string>,
};
