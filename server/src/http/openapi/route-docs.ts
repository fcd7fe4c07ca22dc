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
// The answers' schemas (the dashboard and the player parse the same answers with them).
import {
  ALERT_ACTIVE_MAX_PER_SCREEN, ZAccountSummary, ZAlertDetail, ZAlertTemplate, ZApkInfo, ZAppData, ZAssignedUsage, ZAuditPage,
  ZAuditVerify, ZContentPreview, ZCreateCheckoutSessionResponse, ZCreatePaymentIntentResponse, ZCurrentPackageResponse,
  ZDevConfirmCardResponse, ZDevice, ZDeviceScreensResponse, ZDisplaySettings, ZEndOtherSessionsResponse, ZHealthSettings,
  ZInvitationInfo, ZInviteResponse, ZLayout, ZLayoutTemplateList, ZLoginResponse, ZLoginSecondStep, ZMedia, ZMediaUsage,
  ZMyPackage, ZNotificationsChangedEvent, ZOkResponse, ZPackage, ZPackageUsage, ZPairDeviceResponse, ZPaymentConfig,
  ZPlaylist, ZPlaysReport, ZPlaysUpload, ZPlaysUploadResponse, ZPurchaseCompletedResponse, ZPurchasePlan, ZRegisterResponse,
  ZSalesReport, ZSchedule, ZScreen, ZScreenConfig, ZScreenGroup, ZScreenGroupUsage, ZScreenHealthResponse, ZScreenNow,
  ZScreenUsage, ZScreensNow, ZScreenshotStored, ZSelectDeviceScreenResponse, ZTeam, ZTeamMember, ZTeamSettings,
  ZTickerPlaylist, ZTwoFactorEnableResponse, ZTwoFactorEnableSignInResponse, ZTwoFactorSetupResponse, ZTwoFactorStatus,
  ZUserSessionList, ZVerifyResponse, ZLiveness, ZReadinessReport, ZErrorBody,
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
  /** The success status, where it is not 200: 201 for an item created, 202 for work that goes on after the answer. */
  status?: number;
  /** A request body example (shown at /api/docs); openapi-errors.routes.test.ts parses it with `body`. */
  example?: unknown;
  /** Not JSON: a file upload or a raw body. */
  bodyType?: string;
  /** A success answer that is not JSON (an image, a file), or another form of it (CSV). */
  answerType?: string;
  /**
   * Behind requireActivePackage: 402 without an active package. openapi-errors.routes.test.ts calls every
   * route as a customer without one and fails when this differs from the routes answering 402.
   */
  paid?: boolean;
  /**
   * A rate limiter of its own before the handler: 429. openapi-errors.routes.test.ts finds the limiters in
   * the app's router stack. (An API key's own limit is added from http/key-routes.ts.)
   */
  limited?: boolean;
  /** Content routes under the approval flow (docs/architecture/approval.md): 202 with the request it made. */
  approval?: boolean;
  /** What this route's 409 means besides a concurrent edit (an in-use deletion, a limit reached). */
  conflict?: string;
  /**
   * Errors a route's own rules give beyond the common ones, by status (a 402 of seats, a 410): in
   * words, in the error shape; or with the schema of a body that says more (/readyz's 503).
   */
  errors?: Record<number, string | { description: string; schema: z.ZodType }>;
};

const u = (summary: string, more: Omit<RouteDoc, 'summary' | 'security'> = {}): RouteDoc => ({ summary, security: 'user', ...more });
const pub = (summary: string, more: Omit<RouteDoc, 'summary' | 'security'> = {}): RouteDoc => ({ summary, security: 'public', ...more });
const dev = (summary: string, more: Omit<RouteDoc, 'summary' | 'security'> = {}): RouteDoc => ({ summary, security: 'device', ...more });
/** A person's route behind requireActivePackage. */
const paid = (summary: string, more: Omit<RouteDoc, 'summary' | 'security' | 'paid'> = {}): RouteDoc => ({ summary, security: 'user', paid: true, ...more });

const ALERT_CAP = `bir ekranda en fazla ${ALERT_ACTIVE_MAX_PER_SCREEN} etkin duyuru olabilir (\`LIMIT_REACHED\`)`;
const SCHEDULE_EXAMPLE = {
  name: 'Mesai saatleri', playlist: '0b6f3c52-6f1e-4a59-9d55-2f8e7f0c1a11', groups: ['5d0c1f3e-2b7a-4c1d-8e9f-0a1b2c3d4e5f'],
  days: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00', priority: 5,
};

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Service routes.
  'GET /healthz': pub('Canlılık denetimi', { answer: ZLiveness }),
  'GET /readyz': pub('Hazırlık denetimi (veritabanı ve Redis)', {
    answer: ZReadinessReport, errors: { 503: { description: 'İstek almaya hazır değil ya da kapanıyor', schema: ZErrorBody.extend(ZReadinessReport.shape) } },
  }),
  'GET /metrics': { summary: 'Prometheus ölçümleri (METRICS_TOKEN ayarlıysa onunla)', security: 'metrics', answerType: 'text/plain' },
  'GET /player': pub('Oynatıcı uygulaması: /player/ adresine yönlendirir', { status: 301 }),
  'GET /uploads/thumbs/:file': pub('Medya küçük resmi', { answerType: 'image/jpeg' }),
  'GET /api/openapi.json': pub('Bu OpenAPI belgesi'),
  'GET /api/docs': pub('API başvuru sayfası', { answerType: 'text/html' }),
  // Sign-in and sessions.
  'POST /api/auth/login': pub('Giriş yap (iki adımlı doğrulama açıksa bir sonraki adımın bileti)', { body: ZLoginRequest, answer: ZLoginResponse.or(ZLoginSecondStep), limited: true, example: { email: 'ayse@ornek.com.tr', password: 'gizli-parola' } }),
  'POST /api/auth/logout': u('Çıkış yap', { answer: ZOkResponse }),
  'POST /api/auth/register': pub('Hesap aç', { body: ZRegisterRequest, answer: ZRegisterResponse, status: 201, limited: true, conflict: 'e-posta adresi zaten kayıtlı (`EMAIL_TAKEN`)' }),
  'POST /api/auth/admin-register': pub('Platform yöneticisi kaydı', { body: ZAdminRegisterRequest, answer: ZRegisterResponse, status: 201, limited: true, conflict: 'e-posta adresi zaten kayıtlı (`EMAIL_TAKEN`)' }),
  'POST /api/auth/setup-admin': pub('İlk yöneticiyi kur', { body: ZSetupAdminRequest, answer: ZRegisterResponse, status: 201, limited: true, conflict: 'e-posta adresi zaten kayıtlı (`EMAIL_TAKEN`)' }),
  'POST /api/auth/forgot-password': pub('Parola sıfırlama bağlantısı iste', { body: ZForgotPasswordRequest, answer: ZOkResponse, status: 202, limited: true, example: { email: 'ayse@ornek.com.tr' } }),
  'POST /api/auth/reset-password': pub('Parolayı sıfırla', { body: ZResetPasswordRequest, answer: ZOkResponse, limited: true }),
  'POST /api/auth/password': u('Şifreyi değiştir (diğer oturumlar kapanır, bu oturum yeni anahtarla sürer)', { body: ZChangePasswordRequest, answer: ZChangePasswordResponse, limited: true }),
  'GET /api/auth/verify': u('Oturumu doğrula', { answer: ZVerifyResponse }),
  'POST /api/auth/switch-account': u('Hesap değiştir', { body: ZSwitchAccountRequest, answer: ZLoginResponse }),
  'DELETE /api/auth/admin': u('Platform yöneticisini sil', { answer: ZOkResponse, conflict: 'son platform yöneticisi silinemez (`LAST_ADMIN`)' }),
  'GET /api/auth/2fa': u('İki adımlı doğrulama durumu', { answer: ZTwoFactorStatus }),
  'POST /api/auth/2fa/setup': u('İki adımlı doğrulamayı kurmaya başla', { body: ZTwoFactorSetupRequest, answer: ZTwoFactorSetupResponse, limited: true, conflict: 'iki adımlı doğrulama zaten açık' }),
  'POST /api/auth/2fa/enable': u('İki adımlı doğrulamayı aç', { body: ZTwoFactorEnableRequest, answer: ZTwoFactorEnableResponse.or(ZTwoFactorEnableSignInResponse), limited: true, conflict: 'zaten açık ya da önce kurulmalı' }),
  'POST /api/auth/2fa/verify': pub('Girişte doğrulama kodunu gir', { body: ZTwoFactorVerifyRequest, answer: ZLoginResponse, limited: true }),
  'DELETE /api/auth/2fa': u('İki adımlı doğrulamayı kapat', { body: ZTwoFactorDisableRequest, answer: ZOkResponse, limited: true, conflict: 'zaten kapalı ya da bir hesap zorunlu tutuyor' }),
  'POST /api/auth/2fa/reset': u('Bir kişinin iki adımlı doğrulamasını sıfırla (platform yöneticisi, destek)', { body: ZTwoFactorResetRequest, answer: ZOkResponse, limited: true, example: { email: 'ayse@hastane.org.tr', password: 'yonetici-sifresi' } }),
  'GET /api/auth/sessions': u('Oturumlar', { answer: ZUserSessionList }),
  'DELETE /api/auth/sessions/:id': u('Bir oturumu sonlandır', { answer: ZOkResponse }),
  'POST /api/auth/sessions/end-others': u('Diğer oturumları sonlandır', { answer: ZEndOtherSessionsResponse }),
  'POST /api/auth/sso/start': pub('Kurumsal hesapla girişi başlat (kimlik sağlayıcının adresi)', { body: ZSsoStartRequest, answer: ZSsoStartResponse, limited: true, example: { email: 'ayse@hastane.org.tr' } }),
  'GET /api/auth/sso/callback': pub('Kimlik sağlayıcıdan dönüş: giriş ya da iki adımlı doğrulama', { query: ZSsoCallbackQuery, answer: ZLoginResponse.or(ZLoginSecondStep), limited: true }),
  // Accounts and team.
  'GET /api/accounts': u('Üyesi olunan hesaplar', { answer: ZAccountSummary.array() }),
  'GET /api/team': u('Ekip', { answer: ZTeam }),
  'GET /api/team/sso': u('Kurumsal giriş ayarları (gizli anahtar hiç gösterilmez)', { answer: ZSsoSettings }),
  'PUT /api/team/sso': u('Kurumsal girişi ayarla', { body: ZSsoRequest, answer: ZSsoSettings, conflict: 'alan adı başka bir hesabın kurumsal girişinde' }),
  'DELETE /api/team/sso': u('Kurumsal girişi kapat', { answer: ZOkResponse }),
  // Approval and notifications.
  'GET /api/approvals': u('Onay bekleyen ve karara bağlanmış değişiklikler', { query: ZApprovalsQuery, answer: ZApprovalList }),
  'GET /api/approvals/:id/preview': u('Değişikliğin ekranda nasıl görüneceği', { answer: ZApprovalPreview }),
  'POST /api/approvals/:id/approve': u('Değişikliği onayla ve yayına al', { answer: ZApproval, conflict: 'değişiklik zaten karara bağlanmış ya da içerik o sırada değişmiş' }),
  'POST /api/approvals/:id/reject': u('Değişikliği gerekçesiyle reddet', { body: ZRejectApprovalRequest, answer: ZApproval, conflict: 'değişiklik zaten karara bağlanmış' }),
  'GET /api/notifications': u('Bildirimler ve okunmamış sayısı', { answer: ZNotificationList }),
  'POST /api/notifications/:id/read': u('Bildirimi okundu say (yanıt: okunmamış sayısı)', { answer: ZNotificationsChangedEvent }),
  'POST /api/notifications/read': u('Bütün bildirimleri okundu say (yanıt: okunmamış sayısı)', { answer: ZNotificationsChangedEvent }),
  'PUT /api/team': u('Hesabı yeniden adlandır', { body: ZTeamRenameRequest, answer: ZTeam }),
  'DELETE /api/team': u('Hesabı sil', { body: ZDeleteAccountRequest, answer: ZOkResponse, limited: true }),
  'PUT /api/team/members/:id': u('Üyenin rolünü ve gruplarını değiştir', { body: ZMemberUpdateRequest, answer: ZTeamMember, conflict: 'son sahibin rolü değiştirilemez (`LAST_OWNER`)' }),
  'DELETE /api/team/members/:id': u('Üyeyi çıkar', { answer: ZOkResponse, conflict: 'son sahip çıkarılamaz (`LAST_OWNER`)' }),
  'POST /api/team/invitations': u('Üye davet et', { body: ZInviteRequest, answer: ZInviteResponse, status: 201, conflict: 'kişi zaten ekipte', errors: { 402: 'Aktif paket yok ya da üye sınırı dolu (`PACKAGE_REQUIRED`, `MEMBER_LIMIT_REACHED`)' } }),
  'DELETE /api/team/invitations/:id': u('Daveti geri al', { answer: ZOkResponse }),
  'POST /api/team/transfer': u('Sahipliği devret', { body: ZTransferRequest, answer: ZTeam }),
  'GET /api/team/settings': u('Ekip ayarları', { answer: ZTeamSettings }),
  'PUT /api/team/settings': u('Ekip ayarlarını değiştir', { body: ZTeamSettingsRequest, answer: ZTeamSettings }),
  'GET /api/invitations/:token': pub('Davet bilgisi', { answer: ZInvitationInfo, limited: true, errors: { 410: 'Davet kullanılmış, geri alınmış ya da süresi dolmuş (`INVITATION_GONE`)' } }),
  'POST /api/invitations/:token/accept': pub('Daveti kabul et (yeni kişi 201, oturum açmış kişi 200 alır)', { body: ZAcceptNewRequest, answer: ZLoginResponse, status: 201, limited: true, conflict: 'zaten üye ya da e-posta kayıtlı (`EMAIL_TAKEN`)', errors: { 402: 'Hesabın paketi etkin değil ya da üye sınırı dolu (`MEMBER_LIMIT_REACHED`)', 410: 'Davet kullanılmış, geri alınmış ya da süresi dolmuş (`INVITATION_GONE`)' } }),
  // Content.
  'GET /api/media': paid('Medya', { answer: ZMediaListAnswer }),
  'POST /api/media/upload': paid('Dosya yükle', { bodyType: 'multipart/form-data', answer: ZMedia, status: 201, conflict: 'depolama sınırı doldu (`LIMIT_REACHED`)' }),
  'POST /api/media/apps': paid('Uygulama ekle', { body: ZCreateAppRequest, answer: ZMedia, status: 201, limited: true, example: { name: 'Lobi saati', app: { kind: 'clock', style: 'digital', showDate: true } } }),
  'POST /api/media/apps/preview': paid('Uygulamayı önizle', { body: ZAppPreviewRequest, answer: ZAppData, limited: true, errors: { 422: 'Uygulamanın verisi dış kaynaktan alınamadı' } }),
  'PUT /api/media/:id': paid('Medyayı değiştir', { body: ZUpdateMediaRequest, answer: ZMedia, approval: true, limited: true }),
  'PUT /api/media/:id/file': paid('Medyanın dosyasını değiştir', { bodyType: 'multipart/form-data', answer: ZMedia, conflict: 'yeni dosya hâlâ işleniyor (`REPLACEMENT_PENDING`) ya da depolama sınırı doldu' }),
  'GET /api/media/:id/usage': paid('Medyanın kullanıldığı yerler', { answer: ZMediaUsage }),
  'DELETE /api/media/:id': paid('Medyayı sil', { answer: ZOkResponse }),
  'POST /api/uploads': paid('Sürdürülebilir yükleme başlat (tus; yüklemenin adresi `Location` başlığında)', { bodyType: 'application/offset+octet-stream', status: 201, limited: true }),
  'GET /api/playlists': paid('Oynatma listeleri', { answer: ZPlaylistListAnswer }),
  'POST /api/playlists': paid('Oynatma listesi oluştur', { body: ZCreatePlaylistRequest, answer: ZPlaylist, status: 201, conflict: 'playlist sınırı doldu (`LIMIT_REACHED`) ya da bir medya hazır değil (`MEDIA_NOT_READY`)', example: { name: 'Lobi', mediaItems: [{ media: '0b6f3c52-6f1e-4a59-9d55-2f8e7f0c1a11', duration: 10 }] } }),
  'PUT /api/playlists/:id': paid('Oynatma listesini değiştir', { body: ZUpdatePlaylistRequest, answer: ZPlaylist, approval: true, conflict: 'bir medya hazır değil (`MEDIA_NOT_READY`)' }),
  'DELETE /api/playlists/:id': paid('Oynatma listesini sil', { answer: ZOkResponse }),
  'GET /api/playlists/:id/usage': paid('Oynatma listesinin kullanıldığı yerler', { answer: ZAssignedUsage }),
  'GET /api/direction-playlists': paid('Kayan yazılar', { answer: ZTickerPlaylistListAnswer }),
  'POST /api/direction-playlists': paid('Kayan yazı oluştur', { body: ZCreateTickerRequest, answer: ZTickerPlaylist, status: 201 }),
  'PUT /api/direction-playlists/:id': paid('Kayan yazıyı değiştir', { body: ZUpdateTickerRequest, answer: ZTickerPlaylist, approval: true }),
  'DELETE /api/direction-playlists/:id': paid('Kayan yazıyı sil', { answer: ZOkResponse }),
  'GET /api/direction-playlists/:id/usage': paid('Kayan yazının kullanıldığı yerler', { answer: ZAssignedUsage }),
  'GET /api/layouts': paid('Yerleşimler', { answer: ZLayoutListAnswer }),
  'GET /api/layouts/templates': paid('Yerleşim şablonları', { answer: ZLayoutTemplateList }),
  'POST /api/layouts': paid('Yerleşim oluştur', { body: ZCreateLayoutRequest, answer: ZLayout, status: 201 }),
  'POST /api/layouts/preview': paid('İçeriği önizle', { body: ZContentPreviewRequest, answer: ZContentPreview }),
  'GET /api/layouts/:id': paid('Yerleşim', { answer: ZLayout }),
  'PUT /api/layouts/:id': paid('Yerleşimi değiştir', { body: ZUpdateLayoutRequest, answer: ZLayout, approval: true }),
  'DELETE /api/layouts/:id': paid('Yerleşimi sil', { answer: ZOkResponse, conflict: 'yerleşim ekranlarda ya da zamanlamalarda kullanılıyor' }),
  'GET /api/layouts/:id/usage': paid('Yerleşimin kullanıldığı yerler', { answer: ZAssignedUsage }),
  // Screens.
  'GET /api/screens': paid('Ekranlar', { answer: ZScreenListAnswer }),
  'POST /api/screens': paid('Ekran ekle', { body: ZCreateScreenRequest, answer: ZScreen, status: 201, conflict: 'ekran sınırı doldu (`LIMIT_REACHED`)', example: { name: 'Giriş holü' } }),
  'PUT /api/screens/:id': paid('Ekranı değiştir', { body: ZAssignScreenRequest, answer: ZScreen, example: { timezone: 'Europe/Istanbul', latitude: 41.0082, longitude: 28.9784 } }),
  'DELETE /api/screens/:id': paid('Ekranı sil', { answer: ZOkResponse }),
  'GET /api/screens/:id/usage': paid('Ekranın kullanımı', { answer: ZScreenUsage }),
  'GET /api/screens/now': u('Ekranların şu an gösterdikleri', { query: ZScreenNowQuery, answer: ZScreensNow }),
  'GET /api/screens/:id/now': u('Ekranın şu an gösterdiği', { answer: ZScreenNow }),
  'GET /api/screens/:id/config': { summary: 'Ekranın yapılandırması (oynatıcı ya da önizleme)', security: 'deviceOrUser', answer: ZScreenConfig },
  'GET /api/screens/health': u('Ekran sağlığı', { answer: ZScreenHealthResponse }),
  'GET /api/screens/:id/screenshot': u('Ekran görüntüsü', { answerType: 'image/jpeg' }),
  'POST /api/screens/:id/screenshot': u('Ekran görüntüsü iste (oynatıcı görüntüyü yükleyince GET ile okunur)', { answer: ZScreenshotRequest, status: 202, limited: true, conflict: 'ekran çevrimdışı' }),
  'GET /api/screen-groups': paid('Ekran grupları', { answer: ZScreenGroupListAnswer }),
  'POST /api/screen-groups': paid('Ekran grubu oluştur', { body: ZCreateScreenGroupRequest, answer: ZScreenGroup, status: 201, conflict: 'bu adda bir grup var', example: { name: 'Acil servis', screenIds: ['5d0c1f3e-2b7a-4c1d-8e9f-0a1b2c3d4e5f'] } }),
  'PUT /api/screen-groups/:id': paid('Ekran grubunu değiştir', { body: ZUpdateScreenGroupRequest, answer: ZScreenGroup, conflict: 'bu adda bir grup var' }),
  'DELETE /api/screen-groups/:id': paid('Ekran grubunu sil', { answer: ZOkResponse, conflict: 'grup bir üyenin ya da bir API anahtarının tek ekran grubu' }),
  'GET /api/screen-groups/:id/usage': paid('Ekran grubunun kullanımı', { answer: ZScreenGroupUsage }),
  'GET /api/schedules': paid('Zamanlamalar', { answer: ZScheduleListAnswer }),
  'POST /api/schedules': paid('Zamanlama oluştur', { body: ZScheduleWrite, answer: ZSchedule, status: 201, example: SCHEDULE_EXAMPLE }),
  'PUT /api/schedules/:id': paid('Zamanlamayı değiştir (tümüyle)', { body: ZScheduleWrite, answer: ZSchedule, example: SCHEDULE_EXAMPLE }),
  'DELETE /api/schedules/:id': paid('Zamanlamayı sil', { answer: ZOkResponse }),
  // Devices (players).
  'POST /api/devices/pair': pub('Cihazı eşleştir', { body: ZPairDeviceRequest, answer: ZPairDeviceResponse, status: 201, limited: true, conflict: 'cihaz sınırı doldu (`LIMIT_REACHED`)' }),
  'GET /api/devices/screens': dev('Cihazın seçebileceği ekranlar', { answer: ZDeviceScreensResponse }),
  'PUT /api/devices/screen': dev('Cihazın ekranını seç', { body: ZSelectDeviceScreenRequest, answer: ZSelectDeviceScreenResponse }),
  'POST /api/devices/plays': dev('Oynatma kayıtlarını gönder', { body: ZPlaysUpload, answer: ZPlaysUploadResponse }),
  'PUT /api/devices/screenshot': dev('Ekran görüntüsünü yükle', { query: ZScreenshotUploadQuery, bodyType: 'image/jpeg', answer: ZScreenshotStored, status: 201, limited: true, conflict: 'cihaz henüz bir ekrana bağlı değil' }),
  'GET /api/devices/presence': u('Çevrimiçi ekranlar', { answer: ZScreenPresenceAnswer }),
  'GET /api/devices': u('Cihazlar', { answer: ZDeviceListAnswer }),
  'PUT /api/devices/:id': u('Cihazı değiştir', { body: ZUpdateDeviceRequest, answer: ZDevice }),
  'DELETE /api/devices/:id': u('Cihazı sil', { answer: ZOkResponse }),
  // Alerts and keys.
  'GET /api/alerts': paid('Acil duyurular', { answer: ZAlertListAnswer }),
  'POST /api/alerts': paid('Acil duyuru gönder', {
    body: ZCreateAlertRequest, answer: ZAlert, status: 201, limited: true, conflict: ALERT_CAP,
    example: { title: 'Yangın tatbikatı', message: 'Lütfen binayı en yakın çıkıştan terk edin.', all: true, sound: true, durationMinutes: 15 },
  }),
  'GET /api/alerts/:id': paid('Acil duyurunun durumu ve ekranların onayları', { answer: ZAlertDetail }),
  'DELETE /api/alerts/:id': paid('Acil duyuruyu sonlandır', { answer: ZAlert }),
  'POST /api/alerts/cap': paid('CAP 1.2 iletisi gönder (Alert başlatır, Update değiştirir, Cancel sonlandırır; alanı ekran konumlarıyla eşlenir)', {
    bodyType: 'application/cap+xml', answer: ZCapResult, status: 201, limited: true, conflict: ALERT_CAP,
    errors: {
      413: 'CAP iletisi 1 MB\'tan büyük (`FILE_TOO_LARGE`)',
      415: 'Gövde XML değil: `Content-Type` application/cap+xml, application/xml ya da text/xml olmalı (`UNSUPPORTED_MEDIA_TYPE`)',
    },
  }),
  'GET /api/cap-feeds': u('CAP beslemeleri', { answer: ZCapFeedListAnswer }),
  'POST /api/cap-feeds': u('CAP ya da Atom-CAP beslemesi ekle (bir iş düzenli aralıkla yoklar)', {
    body: ZCapFeedWrite, answer: ZCapFeed, status: 201, example: { url: 'https://uyari.ornek.gov.tr/api/cap/atom.xml', pollSeconds: 60 },
  }),
  'PUT /api/cap-feeds/:id': u('CAP beslemesini değiştir (tümüyle)', { body: ZCapFeedWrite, answer: ZCapFeed }),
  'DELETE /api/cap-feeds/:id': u('CAP beslemesini sil', { answer: ZOkResponse }),
  'GET /api/cap-settings': u('CAP renkleri (önem derecesine göre) ve sesli uyarı (aciliyete göre)', { answer: ZCapSettings }),
  'PUT /api/cap-settings': u('CAP renklerini değiştir', { body: ZCapSettings, answer: ZCapSettings }),
  'GET /api/alert-templates': paid('Duyuru şablonları', { answer: ZAlertTemplateListAnswer }),
  'POST /api/alert-templates': paid('Duyuru şablonu oluştur', { body: ZAlertTemplateWrite, answer: ZAlertTemplate, status: 201, conflict: 'bu adda bir şablon var', example: { name: 'Yangın', title: 'Yangın alarmı', message: 'Lütfen binayı en yakın çıkıştan terk edin.', sound: true, untilEnded: true, all: true } }),
  'PUT /api/alert-templates/:id': paid('Duyuru şablonunu değiştir', { body: ZAlertTemplateWrite, answer: ZAlertTemplate, conflict: 'bu adda bir şablon var' }),
  'DELETE /api/alert-templates/:id': paid('Duyuru şablonunu sil', { answer: ZOkResponse }),
  'POST /api/alert-templates/:id/send': paid('Şablondan duyuru gönder', { body: ZSendAlertTemplateRequest, answer: ZAlert, status: 201, limited: true, conflict: ALERT_CAP, example: { groups: ['5d0c1f3e-2b7a-4c1d-8e9f-0a1b2c3d4e5f'] } }),
  'GET /api/api-keys': u('API anahtarları', { answer: ZApiKeyListAnswer }),
  'POST /api/api-keys': u('API anahtarı oluştur (yetkileri ve isteğe bağlı ekran gruplarıyla)', { body: ZCreateApiKeyRequest, answer: ZCreatedApiKey, status: 201, conflict: 'anahtar sınırı doldu (`LIMIT_REACHED`)', example: { name: 'Yangın paneli', scopes: ['alerts', 'screens:read'] } }),
  'GET /api/webhooks': u("Webhook'lar", { answer: ZWebhookListAnswer }),
  'POST /api/webhooks': u('Webhook ekle (imza anahtarı yalnızca bu yanıtta)', {
    body: ZWebhookWrite, answer: ZCreatedWebhook, status: 201, conflict: 'webhook sınırı doldu (`LIMIT_REACHED`)', example: { url: 'https://izleme.hastane.org.tr/api/pano-olaylari', events: ['screen.offline', 'screen.online'] },
  }),
  'PUT /api/webhooks/:id': u("Webhook'u değiştir (tümüyle; açmak 'kapatıldı' durumunu siler)", { body: ZWebhookWrite, answer: ZWebhook }),
  'DELETE /api/webhooks/:id': u("Webhook'u sil", { answer: ZOkResponse }),
  'GET /api/webhooks/:id/deliveries': u('Son 50 gönderim: durum, deneme sayısı, yanıt kodu, süre, yanıtın ilk 1 KB\'ı', { answer: ZWebhookDeliveryListAnswer }),
  'POST /api/webhooks/:id/test': u('Test mesajı gönder (gönderim bir iş olarak yapılır)', { answer: ZWebhookDelivery, status: 202 }),
  'DELETE /api/api-keys/:id': u('API anahtarını sil', { answer: ZOkResponse }),
  // Settings, packages, purchases, reports, audit.
  'GET /api/settings': u('Görüntü ayarları', { answer: ZDisplaySettings }),
  'PUT /api/settings': u('Görüntü ayarlarını değiştir', { body: ZUpdateDisplaySettingsRequest, answer: ZDisplaySettings }),
  'GET /api/settings/health': u('Sağlık ayarları', { answer: ZHealthSettings }),
  'PUT /api/settings/health': u('Sağlık ayarlarını değiştir', { body: ZUpdateHealthSettingsRequest, answer: ZHealthSettings }),
  'GET /api/settings/apk': pub('Android oynatıcı bilgisi', { answer: ZApkInfo, errors: { 404: 'Henüz Android oynatıcısı yüklenmedi' } }),
  'POST /api/settings/apk': u('Android oynatıcısını yükle', { bodyType: 'multipart/form-data', answer: ZApkInfo, status: 201 }),
  'GET /api/settings/apk/download': pub('Android oynatıcısını indir', { answerType: 'application/vnd.android.package-archive', errors: { 404: 'Henüz Android oynatıcısı yüklenmedi' } }),
  'GET /api/packages': pub('Paketler', { answer: ZPackageListAnswer }),
  'GET /api/packages/:id': pub('Paket', { answer: ZPackage }),
  'GET /api/packages/admin': u('Paketler (platform yöneticisi)', { answer: ZPackageListAnswer }),
  'POST /api/packages/admin': u('Paket oluştur', { body: ZPackageWrite, answer: ZPackage, status: 201 }),
  'PUT /api/packages/admin/:id': u('Paketi değiştir', { body: ZPackageWrite, answer: ZPackage }),
  'DELETE /api/packages/admin/:id': u('Paketi sil', { answer: ZOkResponse }),
  'GET /api/packages/admin/:id/usage': u('Paketin kullanımı', { answer: ZPackageUsage }),
  'GET /api/purchase/config': u('Ödeme yapılandırması', { answer: ZPaymentConfig }),
  'GET /api/purchase/current': u('Geçerli paket', { answer: ZCurrentPackageResponse }),
  'GET /api/purchase/my-package/:userId': u('Kullanıcının paketi', { answer: ZMyPackage, errors: { 402: 'Aktif paket yok (`PACKAGE_REQUIRED`)' } }),
  'GET /api/purchase/plan/:packageId': u('Satın alınacak plan', { answer: ZPurchasePlan }),
  'POST /api/purchase/create-payment-intent': u('Ödeme başlat', { body: ZCreatePaymentIntentRequest, answer: ZCreatePaymentIntentResponse }),
  'POST /api/purchase/complete-payment': u('Ödemeyi tamamla', { body: ZCompletePaymentRequest, answer: ZPurchaseCompletedResponse }),
  'POST /api/purchase/create-checkout-session': u('Ödeme sayfası oluştur', { body: ZCreateCheckoutSessionRequest, answer: ZCreateCheckoutSessionResponse }),
  'POST /api/purchase/confirm-session': u('Ödeme sayfasını onayla', { body: ZConfirmSessionRequest, answer: ZPurchaseCompletedResponse }),
  'POST /api/purchase/dev/confirm-card': u('Geliştirme: kartı onayla', { body: ZDevConfirmCardRequest, answer: ZDevConfirmCardResponse }),
  'GET /api/purchase/dev/checkout/:sessionId': pub('Geliştirme: ödeme sayfası', { answerType: 'text/html' }),
  'POST /api/purchase/dev/checkout/:sessionId': pub('Geliştirme: ödeme sayfasını gönder'),
  'POST /api/purchase/webhook': pub('Ödeme sağlayıcısının bildirimi (imzalı)', { bodyType: 'application/json' }),
  'GET /api/purchase/admin/sales': u('Satışlar', { query: ZSalesQuery, answer: ZSalesReport }),
  'GET /api/reports/plays': paid('Oynatma raporu (`format=csv` ile CSV)', { query: ZPlaysReportQuery, answer: ZPlaysReport, answerType: 'text/csv' }),
  'GET /api/audit': u('Denetim kaydı', { query: ZAuditQuery, answer: ZAuditPage }),
  'GET /api/audit/verify': u('Denetim kaydını doğrula', { answer: ZAuditVerify }),
  'GET /api/audit/platform': u('Platform denetim kaydı', { query: ZAuditQuery, answer: ZAuditPage }),
  'GET /api/audit/platform/verify': u('Platform denetim kaydını doğrula', { answer: ZAuditVerify }),
};
