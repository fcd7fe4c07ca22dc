/**
 * The texts of the forgot-password and reset-password pages (docs/PRODUCT.md#forgot-password).
 * Apart from tr.ts so they load with those pages' chunks, not with every page's first load.
 */
export const trPassword = {
  forgotTitle: 'Şifremi Unuttum',
  forgotLead: 'Hesabınızın e-posta adresini girin; şifrenizi sıfırlamanız için bir bağlantı gönderelim.',
  forgotSubmit: 'Bağlantı Gönder',
  forgotBusy: 'Gönderiliyor...',
  forgotFailed: 'İstek gönderilemedi',
  forgotAgain: 'Başka bir adres girin',
  resetTitle: 'Yeni Şifre Belirle',
  resetLead: 'Hesabınız için yeni bir şifre girin. Kaydettiğinizde açık olan tüm oturumlarınız kapanır.',
  newPassword: 'Yeni şifre',
  resetSubmit: 'Şifreyi Kaydet',
  resetBusy: 'Kaydediliyor...',
  resetFailed: 'Şifre değiştirilemedi',
  resetNoToken: 'Bu bağlantı eksik. E-postadaki bağlantıyı tam olarak açın ya da yeni bir bağlantı isteyin.',
  resetNewLink: 'Yeni bağlantı isteyin',
} as const;
