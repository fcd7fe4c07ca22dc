/**
 * The texts of /register-admin (docs/PRODUCT.md): apart from tr.ts so they load with that page's
 * chunk, not with every page's first load.
 */
export const trRegisterAdmin = {
  title: 'Admin Hesabı Oluştur',
  lead: 'Yönetici hesabı oluşturmak için admin anahtarı gereklidir.',
  firstName: 'Ad',
  lastName: 'Soyad',
  email: 'Email',
  password: 'Şifre',
  passwordHint: 'En az 6 karakter',
  adminKey: 'Admin Anahtarı',
  adminKeyHint: 'Sistem yöneticinizden aldığınız anahtarı girin.',
  submit: 'Admin Hesabı Oluştur',
  busy: 'Oluşturuluyor...',
  required: 'Lütfen tüm alanları doldurun',
  failed: 'Admin kayıt işlemi başarısız',
  success: 'Admin Hesabı Oluşturuldu!',
  redirecting: 'Giriş sayfasına yönlendiriliyorsunuz...',
  securityTitle: 'Güvenlik Notu',
  securityItems: [
    'Admin hesapları sistemin tamamına tam erişim yetkisine sahiptir.',
    'Hesap oluşturmak için geçerli bir admin anahtarı zorunludur.',
    'Güçlü ve benzersiz bir şifre kullanın.',
    'Hesap bilgilerinizi ve admin anahtarını kimseyle paylaşmayın.',
  ],
  haveAccount: 'Zaten hesabınız var mı?',
  loginLink: 'Giriş yapın',
  setupLead: 'Sunucunun verdiği kurulum bağlantısıyla sistemin ilk yönetici hesabını oluşturuyorsunuz; admin anahtarı gerekmez.',
  setupSecurityItems: [
    'Admin hesapları sistemin tamamına tam erişim yetkisine sahiptir.',
    'Bu kurulum bağlantısı tek kullanımlıktır; ilk yönetici hesabı oluşturulunca geçersiz olur.',
    'Güçlü ve benzersiz bir şifre kullanın.',
    'Kurulum bağlantısını ve hesap bilgilerinizi kimseyle paylaşmayın.',
  ],
} as const;
