/**
 * Company sign-in's texts (docs/architecture/sso.md): the choice on /login, the page the provider
 * sends people back to (/login/sso) and the 'Kurumsal Giriş' card on /team. Apart from tr.ts so
 * they load with those pages only.
 */
export const trSso = {
  // /login
  choice: 'Kurumsal hesapla giriş',
  choiceLead: 'Kurumunuzun e-posta adresini yazın; sizi kurumunuzun giriş sayfasına yönlendireceğiz.',
  email: 'Kurumsal e-posta',
  start: 'Devam Et',
  starting: 'Yönlendiriliyor...',
  startError: 'Kurumsal giriş başlatılamadı',
  backToPassword: 'E-posta ve şifreyle giriş',
  // /login/sso
  finishing: 'Kurumsal giriş tamamlanıyor...',
  finishError: 'Kurumsal giriş tamamlanamadı',
  tryAgain: 'Giriş sayfasına dön',
  // /team
  cardTitle: 'Kurumsal Giriş',
  cardLead: 'Ekibiniz kurumunuzun kimlik sistemiyle (OpenID Connect: Azure AD / Entra ID, Google Workspace, Keycloak...) giriş yapsın. Bu alan adlarından biriyle ilk kez giren kişi, seçtiğiniz rolle ekibe eklenir.',
  issuer: 'Kimlik sağlayıcı adresi (issuer)',
  clientId: 'İstemci kimliği (Client ID)',
  clientSecret: 'İstemci sırrı (Client Secret)',
  clientSecretKept: 'Kayıtlı; değiştirmek için yenisini yazın',
  domains: 'E-posta alan adları (virgülle ayırın)',
  defaultRole: 'İlk girişte verilecek rol',
  required: 'Bu alan adlarındaki kişiler için zorunlu (şifreyle giriş kapanır)',
  redirectUri: (uri: string) => `Kimlik sağlayıcıda dönüş adresi olarak şunu kaydedin: ${uri}`,
  save: 'Kaydet',
  saving: 'Kaydediliyor...',
  saved: 'Kurumsal giriş ayarları kaydedildi.',
  saveError: 'Kurumsal giriş ayarları kaydedilemedi',
  turnOff: 'Kurumsal girişi kapat',
  turnOffConfirm: 'Kurumsal giriş kapatılsın mı? Kişiler yeniden e-posta ve şifreyle giriş yapar.',
  turnOffError: 'Kurumsal giriş kapatılamadı',
  loadError: 'Kurumsal giriş ayarları yüklenemedi',
};
