import type { z } from 'zod';
import {
  ZAcceptNewRequest, ZAdminRegisterRequest, ZAlertListAnswer, ZAlertTemplateListAnswer, ZAlertTemplateWrite,
  ZApiKeyListAnswer, ZChangePasswordRequest, ZChangePasswordResponse, ZAppPreviewRequest, ZAssignScreenRequest, ZAuditQuery, ZCompletePaymentRequest,
  ZApprovalPreview, ZConfirmSessionRequest, ZContentPreviewRequest, ZCreateAlertRequest, ZCreateApiKeyRequest, ZCreateAppRequest,
  ZCreateCheckoutSessionRequest, ZCreateLayoutRequest, ZCreatePaymentIntentRequest, ZCreatePlaylistRequest,
  ZCreateScreenGroupRequest, ZCreateScreenRequest, ZCreateTickerRequest, ZCreatedApiKey, ZDeleteAccountRequest,
  ZDevConfirmCardRequest, ZDeviceListAnswer, ZForgotPasswordRequest, ZInviteRequest, ZLayoutListAnswer, ZLoginRequest,
  ZMediaListAnswer, ZMemberUpdateRequest, ZPackageListAnswer, ZPackageWrite, ZPairDeviceRequest, ZPlaylistListAnswer,
  ZPlaysReportQuery, ZRegisterRequest, ZResetPasswordRequest, ZSalesQuery, ZScheduleListAnswer, ZScheduleWrite,
  ZScreenGroupListAnswer, ZScreenListAnswer, ZScreenNowQuery, ZScreenPresenceAnswer, ZScreenshotRequest,
  ZScreenshotUploadQuery, ZSelectDeviceScreenRequest, ZSendAlertTemplateRequest, ZSetupAdminRequest,
  ZSwitchAccountRequest, ZTeamRenameRequest, ZTeamSettingsRequest, ZTickerPlaylistListAnswer, ZTransferRequest,
  ZTwoFactorDisableRequest, ZTwoFactorResetRequest, ZTwoFactorEnableRequest, ZTwoFactorSetupRequest, ZTwoFactorVerifyRequest,
  ZUpdateDeviceRequest, ZUpdateDisplaySettingsRequest, ZUpdateHealthSettingsRequest, ZUpdateLayoutRequest,
  ZUpdateMediaRequest, ZUpdatePlaylistRequest, ZUpdateScreenGroupRequest, ZUpdateTickerRequest, ZAlert,
  ZApproval, ZApprovalList, ZApprovalsQuery, ZNotificationList, ZRejectApprovalRequest,
  ZWebhookListAnswer, ZWebhookWrite, ZCreatedWebhook, ZWebhook, ZWebhookDeliveryListAnswer, ZWebhookDelivery,
  ZCapResult, ZCapFeed, ZCapFeedListAnswer, ZCapFeedWrite, ZCapSettings,
  ZSsoCallbackQuery, ZSsoRequest, ZSsoSettings, ZSsoStartRequest, ZSsoStartResponse,
} from '@pano/contract';

/**
 * Every route the app mounts, as the OpenAPI document describes it (docs/CONTRACT.md#openapi).
 * openapi.routes.test.ts walks the app's router stack and fails for a mounted route missing here,
 * so a new route is written down in the same change that adds it.
 */

/**
 * Who may call a route: a person's session token, a player's device token, the metrics token, or
 * anyone. Which routes an API key may call, and with which scope, is http/key-routes.ts's to say.
 */
export type RouteSecurity = 'user' | 'device' | 'deviceOrUser' | 'metrics' | 'public';

export type RouteDoc = {
  summary: string;
  security: RouteSecurity;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer's shape, where the contract names one. */
  answer?: z.ZodType;
  /** The success status, where it is not 200 (201 for a POST with an answer). */
  status?: number;
  /** A request body example (shown at /api/docs). */
  example?: unknown;
  /** Not JSON: a file upload or a raw body. */
  bodyType?: string;
};

const u = (summary: string, more: Omit<RouteDoc, 'summary' | 'security'> = {}): RouteDoc => ({ summary, security: 'user', ...more });
const pub = (summary: string, more: Omit<RouteDoc, 'summary' | 'security'> = {}): RouteDoc => ({ summary, security: 'public', ...more });
const dev = (summary: string, more: Omit<RouteDoc, 'summary' | 'security'> = {}): RouteDoc => ({ summary, security: 'device', ...more });

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Service routes.
  'GET /healthz': pub('Canlılık denetimi'),
  'GET /readyz': pub('Hazırlık denetimi (veritabanı ve Redis)'),
  'GET /metrics': { summary: 'Prometheus ölçümleri (METRICS_TOKEN ayarlıysa onunla)', security: 'metrics' },
  'GET /player': pub('Oynatıcı uygulaması'),
  'GET /uploads/thumbs/:file': pub('Medya küçük resmi'),
  'GET /api/openapi.json': pub('Bu OpenAPI belgesi'),
  'GET /api/docs': pub('API başvuru sayfası'),
  // Sign-in and sessions.
  'POST /api/auth/login': pub('Giriş yap', { body: ZLoginRequest, example: { email: 'ayse@ornek.com.tr', password: 'gizli-parola' } }),
  'POST /api/auth/logout': u('Çıkış yap'),
  'POST /api/auth/register': pub('Hesap aç', { body: ZRegisterRequest }),
  'POST /api/auth/admin-register': pub('Platform yöneticisi kaydı', { body: ZAdminRegisterRequest }),
  'POST /api/auth/setup-admin': pub('İlk yöneticiyi kur', { body: ZSetupAdminRequest }),
  'POST /api/auth/forgot-password': pub('Parola sıfırlama bağlantısı iste', { body: ZForgotPasswordRequest, example: { email: 'ayse@ornek.com.tr' } }),
  'POST /api/auth/reset-password': pub('Parolayı sıfırla', { body: ZResetPasswordRequest }),
  'POST /api/auth/password': u('Şifreyi değiştir (diğer oturumlar kapanır, bu oturum yeni anahtarla sürer)', { body: ZChangePasswordRequest, answer: ZChangePasswordResponse }),
  'GET /api/auth/verify': u('Oturumu doğrula'),
  'POST /api/auth/switch-account': u('Hesap değiştir', { body: ZSwitchAccountRequest }),
  'DELETE /api/auth/admin': u('Platform yöneticisini sil'),
  'GET /api/auth/2fa': u('İki adımlı doğrulama durumu'),
  'POST /api/auth/2fa/setup': u('İki adımlı doğrulamayı kurmaya başla', { body: ZTwoFactorSetupRequest }),
  'POST /api/auth/2fa/enable': u('İki adımlı doğrulamayı aç', { body: ZTwoFactorEnableRequest }),
  'POST /api/auth/2fa/verify': pub('Girişte doğrulama kodunu gir', { body: ZTwoFactorVerifyRequest }),
  'DELETE /api/auth/2fa': u('İki adımlı doğrulamayı kapat', { body: ZTwoFactorDisableRequest }),
  'POST /api/auth/2fa/reset': u('Bir kişinin iki adımlı doğrulamasını sıfırla (platform yöneticisi, destek)', { body: ZTwoFactorResetRequest, example: { email: 'ayse@hastane.org.tr' } }),
  'GET /api/auth/sessions': u('Oturumlar'),
  'DELETE /api/auth/sessions/:id': u('Bir oturumu sonlandır'),
  'POST /api/auth/sessions/end-others': u('Diğer oturumları sonlandır'),
  'POST /api/auth/sso/start': pub('Kurumsal hesapla girişi başlat (kimlik sağlayıcının adresi)', { body: ZSsoStartRequest, answer: ZSsoStartResponse, example: { email: 'ayse@hastane.org.tr' } }),
  'GET /api/auth/sso/callback': pub('Kimlik sağlayıcıdan dönüş: giriş ya da iki adımlı doğrulama', { query: ZSsoCallbackQuery }),
  // Accounts and team.
  'GET /api/accounts': u('Üyesi olunan hesaplar'),
  'GET /api/team': u('Ekip'),
  'GET /api/team/sso': u('Kurumsal giriş ayarları (gizli anahtar hiç gösterilmez)', { answer: ZSsoSettings }),
  'PUT /api/team/sso': u('Kurumsal girişi ayarla', { body: ZSsoRequest }),
  'DELETE /api/team/sso': u('Kurumsal girişi kapat'),
  // Approval and notifications.
  'GET /api/approvals': u('Onay bekleyen ve karara bağlanmış değişiklikler', { query: ZApprovalsQuery, answer: ZApprovalList }),
  'GET /api/approvals/:id/preview': u('Değişikliğin ekranda nasıl görüneceği', { answer: ZApprovalPreview }),
  'POST /api/approvals/:id/approve': u('Değişikliği onayla ve yayına al', { answer: ZApproval }),
  'POST /api/approvals/:id/reject': u('Değişikliği gerekçesiyle reddet', { body: ZRejectApprovalRequest, answer: ZApproval }),
  'GET /api/notifications': u('Bildirimler ve okunmamış sayısı', { answer: ZNotificationList }),
  'POST /api/notifications/:id/read': u('Bildirimi okundu say'),
  'POST /api/notifications/read': u('Bütün bildirimleri okundu say'),
  'PUT /api/team': u('Hesabı yeniden adlandır', { body: ZTeamRenameRequest }),
  'DELETE /api/team': u('Hesabı sil', { body: ZDeleteAccountRequest }),
  'PUT /api/team/members/:id': u('Üyenin rolünü ve gruplarını değiştir', { body: ZMemberUpdateRequest }),
  'DELETE /api/team/members/:id': u('Üyeyi çıkar'),
  'POST /api/team/invitations': u('Üye davet et', { body: ZInviteRequest }),
  'DELETE /api/team/invitations/:id': u('Daveti geri al'),
  'POST /api/team/transfer': u('Sahipliği devret', { body: ZTransferRequest }),
  'GET /api/team/settings': u('Ekip ayarları'),
  'PUT /api/team/settings': u('Ekip ayarlarını değiştir', { body: ZTeamSettingsRequest }),
  'GET /api/invitations/:token': pub('Davet bilgisi'),
  'POST /api/invitations/:token/accept': pub('Daveti kabul et', { body: ZAcceptNewRequest }),
  // Content.
  'GET /api/media': u('Medya', { answer: ZMediaListAnswer }),
  'POST /api/media/upload': u('Dosya yükle', { bodyType: 'multipart/form-data' }),
  'POST /api/media/apps': u('Uygulama ekle', { body: ZCreateAppRequest }),
  'POST /api/media/apps/preview': u('Uygulamayı önizle', { body: ZAppPreviewRequest }),
  'PUT /api/media/:id': u('Medyayı değiştir', { body: ZUpdateMediaRequest }),
  'PUT /api/media/:id/file': u('Medyanın dosyasını değiştir', { bodyType: 'multipart/form-data' }),
  'GET /api/media/:id/usage': u('Medyanın kullanıldığı yerler'),
  'DELETE /api/media/:id': u('Medyayı sil'),
  'POST /api/uploads': u('Sürdürülebilir yükleme başlat (tus)', { bodyType: 'application/offset+octet-stream' }),
  'GET /api/playlists': u('Oynatma listeleri', { answer: ZPlaylistListAnswer }),
  'POST /api/playlists': u('Oynatma listesi oluştur', { body: ZCreatePlaylistRequest }),
  'PUT /api/playlists/:id': u('Oynatma listesini değiştir', { body: ZUpdatePlaylistRequest }),
  'DELETE /api/playlists/:id': u('Oynatma listesini sil'),
  'GET /api/playlists/:id/usage': u('Oynatma listesinin kullanıldığı yerler'),
  'GET /api/direction-playlists': u('Kayan yazılar', { answer: ZTickerPlaylistListAnswer }),
  'POST /api/direction-playlists': u('Kayan yazı oluştur', { body: ZCreateTickerRequest }),
  'PUT /api/direction-playlists/:id': u('Kayan yazıyı değiştir', { body: ZUpdateTickerRequest }),
  'DELETE /api/direction-playlists/:id': u('Kayan yazıyı sil'),
  'GET /api/direction-playlists/:id/usage': u('Kayan yazının kullanıldığı yerler'),
  'GET /api/layouts': u('Yerleşimler', { answer: ZLayoutListAnswer }),
  'GET /api/layouts/templates': u('Yerleşim şablonları'),
  'POST /api/layouts': u('Yerleşim oluştur', { body: ZCreateLayoutRequest }),
  'POST /api/layouts/preview': u('İçeriği önizle', { body: ZContentPreviewRequest }),
  'GET /api/layouts/:id': u('Yerleşim'),
  'PUT /api/layouts/:id': u('Yerleşimi değiştir', { body: ZUpdateLayoutRequest }),
  'DELETE /api/layouts/:id': u('Yerleşimi sil'),
  'GET /api/layouts/:id/usage': u('Yerleşimin kullanıldığı yerler'),
  // Screens.
  'GET /api/screens': u('Ekranlar', { answer: ZScreenListAnswer }),
  'POST /api/screens': u('Ekran ekle', { body: ZCreateScreenRequest, example: { name: 'Giriş holü' } }),
  'PUT /api/screens/:id': u('Ekranı değiştir', { body: ZAssignScreenRequest, example: { timezone: 'Europe/Istanbul', latitude: 41.0082, longitude: 28.9784 } }),
  'DELETE /api/screens/:id': u('Ekranı sil'),
  'GET /api/screens/:id/usage': u('Ekranın kullanımı'),
  'GET /api/screens/now': u('Ekranların şu an gösterdikleri', { query: ZScreenNowQuery }),
  'GET /api/screens/:id/now': u('Ekranın şu an gösterdiği'),
  'GET /api/screens/:id/config': { summary: 'Ekranın yapılandırması (oynatıcı ya da önizleme)', security: 'deviceOrUser' },
  'GET /api/screens/health': u('Ekran sağlığı'),
  'GET /api/screens/:id/screenshot': u('Ekran görüntüsü'),
  'POST /api/screens/:id/screenshot': u('Ekran görüntüsü iste', { body: ZScreenshotRequest }),
  'GET /api/screen-groups': u('Ekran grupları', { answer: ZScreenGroupListAnswer }),
  'POST /api/screen-groups': u('Ekran grubu oluştur', { body: ZCreateScreenGroupRequest }),
  'PUT /api/screen-groups/:id': u('Ekran grubunu değiştir', { body: ZUpdateScreenGroupRequest }),
  'DELETE /api/screen-groups/:id': u('Ekran grubunu sil'),
  'GET /api/screen-groups/:id/usage': u('Ekran grubunun kullanımı'),
  'GET /api/schedules': u('Zamanlamalar', { answer: ZScheduleListAnswer }),
  'POST /api/schedules': u('Zamanlama oluştur', { body: ZScheduleWrite }),
  'PUT /api/schedules/:id': u('Zamanlamayı değiştir', { body: ZScheduleWrite }),
  'DELETE /api/schedules/:id': u('Zamanlamayı sil'),
  // Devices (players).
  'POST /api/devices/pair': pub('Cihazı eşleştir', { body: ZPairDeviceRequest }),
  'GET /api/devices/screens': dev('Cihazın seçebileceği ekranlar'),
  'PUT /api/devices/screen': dev('Cihazın ekranını seç', { body: ZSelectDeviceScreenRequest }),
  'POST /api/devices/plays': dev('Oynatma kayıtlarını gönder'),
  'PUT /api/devices/screenshot': dev('Ekran görüntüsünü yükle', { query: ZScreenshotUploadQuery, bodyType: 'image/jpeg' }),
  'GET /api/devices/presence': u('Çevrimiçi ekranlar', { answer: ZScreenPresenceAnswer }),
  'GET /api/devices': u('Cihazlar', { answer: ZDeviceListAnswer }),
  'PUT /api/devices/:id': u('Cihazı değiştir', { body: ZUpdateDeviceRequest }),
  'DELETE /api/devices/:id': u('Cihazı sil'),
  // Alerts and keys.
  'GET /api/alerts': u('Acil duyurular', { answer: ZAlertListAnswer }),
  'POST /api/alerts': {
    summary: 'Acil duyuru gönder', security: 'user', body: ZCreateAlertRequest, answer: ZAlert,
    example: { title: 'Yangın tatbikatı', message: 'Lütfen binayı en yakın çıkıştan terk edin.', allScreens: true },
  },
  'GET /api/alerts/:id': { summary: 'Acil duyurunun durumu', security: 'user' },
  'DELETE /api/alerts/:id': { summary: 'Acil duyuruyu sonlandır', security: 'user' },
  'POST /api/alerts/cap': {
    summary: 'CAP 1.2 iletisi gönder (Alert başlatır, Update değiştirir, Cancel sonlandırır; alanı ekran konumlarıyla eşlenir)',
    security: 'user', bodyType: 'application/cap+xml', answer: ZCapResult, status: 201,
  },
  'GET /api/cap-feeds': u('CAP beslemeleri', { answer: ZCapFeedListAnswer }),
  'POST /api/cap-feeds': u('CAP ya da Atom-CAP beslemesi ekle (bir iş düzenli aralıkla yoklar)', {
    body: ZCapFeedWrite, answer: ZCapFeed, example: { url: 'https://uyari.ornek.gov.tr/api/cap/atom.xml', pollSeconds: 60 },
  }),
  'PUT /api/cap-feeds/:id': u('CAP beslemesini değiştir (tümüyle)', { body: ZCapFeedWrite, answer: ZCapFeed }),
  'DELETE /api/cap-feeds/:id': u('CAP beslemesini sil'),
  'GET /api/cap-settings': u('CAP renkleri (önem derecesine göre) ve sesli uyarı (aciliyete göre)', { answer: ZCapSettings }),
  'PUT /api/cap-settings': u('CAP renklerini değiştir', { body: ZCapSettings, answer: ZCapSettings }),
  'GET /api/alert-templates': u('Duyuru şablonları', { answer: ZAlertTemplateListAnswer }),
  'POST /api/alert-templates': u('Duyuru şablonu oluştur', { body: ZAlertTemplateWrite }),
  'PUT /api/alert-templates/:id': u('Duyuru şablonunu değiştir', { body: ZAlertTemplateWrite }),
  'DELETE /api/alert-templates/:id': u('Duyuru şablonunu sil'),
  'POST /api/alert-templates/:id/send': u('Şablondan duyuru gönder', { body: ZSendAlertTemplateRequest }),
  'GET /api/api-keys': u('API anahtarları', { answer: ZApiKeyListAnswer }),
  'POST /api/api-keys': u('API anahtarı oluştur (yetkileri ve isteğe bağlı ekran gruplarıyla)', { body: ZCreateApiKeyRequest, answer: ZCreatedApiKey, example: { name: 'Yangın paneli', scopes: ['alerts', 'screens:read'] } }),
  'GET /api/webhooks': u("Webhook'lar", { answer: ZWebhookListAnswer }),
  'POST /api/webhooks': u('Webhook ekle (imza anahtarı yalnızca bu yanıtta)', {
    body: ZWebhookWrite, answer: ZCreatedWebhook, example: { url: 'https://izleme.hastane.org.tr/api/pano-olaylari', events: ['screen.offline', 'screen.online'] },
  }),
  'PUT /api/webhooks/:id': u("Webhook'u değiştir (tümüyle; açmak 'kapatıldı' durumunu siler)", { body: ZWebhookWrite, answer: ZWebhook }),
  'DELETE /api/webhooks/:id': u("Webhook'u sil"),
  'GET /api/webhooks/:id/deliveries': u('Son 50 gönderim: durum, deneme sayısı, yanıt kodu, süre, yanıtın ilk 1 KB\'ı', { answer: ZWebhookDeliveryListAnswer }),
  'POST /api/webhooks/:id/test': u('Test mesajı gönder (gönderim bir iş olarak yapılır)', { answer: ZWebhookDelivery, status: 202 }),
  'DELETE /api/api-keys/:id': u('API anahtarını sil'),
  // Settings, packages, purchases, reports, audit.
  'GET /api/settings': u('Görüntü ayarları'),
  'PUT /api/settings': u('Görüntü ayarlarını değiştir', { body: ZUpdateDisplaySettingsRequest }),
  'GET /api/settings/health': u('Sağlık ayarları'),
  'PUT /api/settings/health': u('Sağlık ayarlarını değiştir', { body: ZUpdateHealthSettingsRequest }),
  'GET /api/settings/apk': pub('Android oynatıcı bilgisi'),
  'POST /api/settings/apk': u('Android oynatıcısını yükle', { bodyType: 'multipart/form-data' }),
  'GET /api/settings/apk/download': pub('Android oynatıcısını indir'),
  'GET /api/packages': pub('Paketler', { answer: ZPackageListAnswer }),
  'GET /api/packages/:id': pub('Paket'),
  'GET /api/packages/admin': u('Paketler (platform yöneticisi)'),
  'POST /api/packages/admin': u('Paket oluştur', { body: ZPackageWrite }),
  'PUT /api/packages/admin/:id': u('Paketi değiştir', { body: ZPackageWrite }),
  'DELETE /api/packages/admin/:id': u('Paketi sil'),
  'GET /api/packages/admin/:id/usage': u('Paketin kullanımı'),
  'GET /api/purchase/config': u('Ödeme yapılandırması'),
  'GET /api/purchase/current': u('Geçerli paket'),
  'GET /api/purchase/my-package/:userId': u('Kullanıcının paketi'),
  'GET /api/purchase/plan/:packageId': u('Satın alınacak plan'),
  'POST /api/purchase/create-payment-intent': u('Ödeme başlat', { body: ZCreatePaymentIntentRequest }),
  'POST /api/purchase/complete-payment': u('Ödemeyi tamamla', { body: ZCompletePaymentRequest }),
  'POST /api/purchase/create-checkout-session': u('Ödeme sayfası oluştur', { body: ZCreateCheckoutSessionRequest }),
  'POST /api/purchase/confirm-session': u('Ödeme sayfasını onayla', { body: ZConfirmSessionRequest }),
  'POST /api/purchase/dev/confirm-card': u('Geliştirme: kartı onayla', { body: ZDevConfirmCardRequest }),
  'GET /api/purchase/dev/checkout/:sessionId': pub('Geliştirme: ödeme sayfası'),
  'POST /api/purchase/dev/checkout/:sessionId': pub('Geliştirme: ödeme sayfasını gönder'),
  'POST /api/purchase/webhook': pub('Ödeme sağlayıcısının bildirimi (imzalı)', { bodyType: 'application/json' }),
  'GET /api/purchase/admin/sales': u('Satışlar', { query: ZSalesQuery }),
  'GET /api/reports/plays': u('Oynatma raporu', { query: ZPlaysReportQuery }),
  'GET /api/audit': u('Denetim kaydı', { query: ZAuditQuery }),
  'GET /api/audit/verify': u('Denetim kaydını doğrula'),
  'GET /api/audit/platform': u('Platform denetim kaydı', { query: ZAuditQuery }),
  'GET /api/audit/platform/verify': u('Platform denetim kaydını doğrula'),
};
