/**
 * The texts of 'Onay Bekleyenler' (/approvals), 'Bildirimler' (/notifications) and the team card's
 * 'Onay akışı' (docs/architecture/approval.md). Apart from tr.ts so they load with those pages.
 */
export const trApprovals = {
  title: 'Onay Bekleyenler',
  lead: 'Editörlerin ekranlarda kullanılan içerikte yaptığı değişiklikler, onaylanana kadar ekranlara gitmez.',
  tabs: { pending: 'Bekleyenler', approved: 'Onaylananlar', rejected: 'Reddedilenler' } as Record<string, string>,
  loadError: 'Onay istekleri yüklenirken hata oluştu',
  empty: 'Bekleyen istek yok',
  emptyHint: 'Bir editör ekranda kullanılan bir içeriği değiştirdiğinde istek burada görünür.',
  kinds: { playlist: 'Playlist', ticker: 'Reji', layout: 'Yerleşim', app: 'Uygulama' } as Record<string, string>,
  requestedBy: (name: string, when: string) => `${name} · ${when}`,
  decidedBy: (status: string, name: string, when: string) => `${status === 'approved' ? 'Onaylayan' : 'Reddeden'}: ${name} · ${when}`,
  statuses: { pending: 'Bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi' } as Record<string, string>,
  field: 'Alan',
  before: 'Şimdiki',
  after: 'İstenen',
  unchanged: 'Değişmeyen alanlar gösterilmez.',
  fields: {
    name: 'Ad', items: 'Öğeler', speed: 'Hız', texts: 'Metinler', orientation: 'Yön', background: 'Arka plan',
    zones: 'Bölgeler', app: 'Ayarlar', playlist: 'Playlist', ticker: 'Reji', x: 'x', y: 'y', width: 'Genişlik', height: 'Yükseklik', z: 'Sıra', fit: 'Sığdırma',
  } as Record<string, string>,
  empty_value: '—',
  previewOpen: 'Ekranda önizle',
  previewClose: 'Önizlemeyi kapat',
  previewNote: 'Onaylanırsa ekranda böyle görünür.',
  previewError: 'Önizleme yüklenemedi',
  approve: 'Onayla',
  reject: 'Reddet',
  reasonLabel: 'Reddetme nedeni',
  rejectConfirm: 'Reddet',
  cancel: 'Vazgeç',
  reason: (r: string) => `Neden: ${r}`,
  decideError: 'İşlem tamamlanamadı',
  onlyPublishers: "İstekleri yalnızca 'Yayıncı' ve üstü roller görebilir.",
  // The team card.
  settingLabel: 'Onay akışı: editörlerin ekranlarda kullanılan içerikte yaptığı değişiklikler yayıncı onayı bekler',
  settingHint: 'Açıkken bir editörün değişikliği, bir Yayıncı ya da Yönetici onaylayana kadar ekranlara gitmez.',
  settingError: 'Onay akışı ayarı kaydedilemedi',
  // The editor's notice after a save that became a request.
  pendingTitle: 'Onaya gönderildi',
  pendingNotice: 'Değişikliğiniz onaya gönderildi. Bir yayıncı onaylayınca ekranlarda görünecek.',
  // The sidebar's counts.
  pendingCount: (n: number) => `${n} bekliyor`,
  unreadCount: (n: number) => `${n} yeni`,
  // Notifications.
  notificationsTitle: 'Bildirimler',
  notificationsLead: 'Onaya gönderdiğiniz değişikliklerin sonucu.',
  notificationsEmpty: 'Bildiriminiz yok',
  notificationsError: 'Bildirimler yüklenirken hata oluştu',
  markAllRead: 'Tümünü okundu say',
  markRead: 'Okundu',
  unread: 'Yeni',
  approvedText: (kind: string, name: string, by: string | null) => `${kind} "${name}" için değişikliğiniz onaylandı${by ? ` (${by})` : ''}.`,
  rejectedText: (kind: string, name: string, by: string | null) => `${kind} "${name}" için değişikliğiniz reddedildi${by ? ` (${by})` : ''}.`,
};
