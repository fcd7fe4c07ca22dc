import type { OutgoingMail } from './mailer.js';
import { ACCOUNT_ROLE_LABELS, type TAccountRole } from '@pano/contract';

/**
 * The Turkish mails Pano sends, each in plain text and HTML with the same words. Values are
 * escaped into the HTML; the link is also written out in full, for readers that show no buttons.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Body = { heading: string; paragraphs: string[]; action: { label: string; url: string }; footer: string };

const istanbul = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', dateStyle: 'long', timeStyle: 'short' });
/** A moment as mails write it: Istanbul time, '29 Kasım 2026 07:30'. */
export const mailTime = (at: Date): string => istanbul.format(at);

function compose(to: string, subject: string, body: Body): OutgoingMail {
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    `${body.action.label}: ${body.action.url}`,
    '',
    body.footer,
    '',
    '— Pano',
  ].join('\n');
  const url = escapeHtml(body.action.url);
  const html = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52606d;margin:0 0 16px">Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br><a href="${url}" style="color:#2563eb;word-break:break-all">${url}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52606d;margin:0">${escapeHtml(body.footer)}</p>
</div>
</body></html>`;
  return { to, subject, text, html };
}

/** 'Şifremi unuttum': the one-time link to /sifre-sifirla (docs/PRODUCT.md#forgot-password). */
export function passwordResetMail(to: string, link: string, validMinutes: number): OutgoingMail {
  return compose(to, 'Pano şifre sıfırlama', {
    heading: 'Şifrenizi sıfırlayın',
    paragraphs: [
      'Pano hesabınız için bir şifre sıfırlama isteği aldık.',
      `Yeni bir şifre belirlemek için aşağıdaki bağlantıyı kullanın. Bağlantı ${validMinutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir. Yeni şifreniz kaydedildiğinde açık olan tüm oturumlarınız kapanır.`,
    ],
    action: { label: 'Yeni şifre belirle', url: link },
    footer: 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.',
  });
}

type InvitationFacts = { accountName: string; inviterName: string; role: TAccountRole; link: string; validDays: number };

/** An invitation to an account's team: the one-time link to /davet/{token} (docs/PRODUCT.md#team). */
export function invitationMail(to: string, f: InvitationFacts): OutgoingMail {
  return compose(to, `Pano: ${f.accountName} ekibine davet edildiniz`, {
    heading: `${f.accountName} ekibine davet edildiniz`,
    paragraphs: [
      `${f.inviterName} sizi Pano'da "${f.accountName}" hesabına ${ACCOUNT_ROLE_LABELS[f.role]} olarak davet etti.`,
      `Daveti kabul etmek için aşağıdaki bağlantıyı kullanın. Bağlantı ${f.validDays} gün geçerlidir ve yalnızca bir kez kullanılabilir.`,
    ],
    action: { label: 'Daveti kabul et', url: f.link },
    footer: 'Bu daveti beklemiyorsanız bu e-postayı dikkate almayın.',
  });
}

/** A change of a person's own sign-in security, mailed to them (docs/architecture/sessions.md#security-mail). */
export type SecurityChange = 'passwordChange' | 'twoFactorOn' | 'twoFactorOff' | 'twoFactorReset';

const NOT_YOU = "Bu değişikliği siz yapmadıysanız hemen 'Şifremi unuttum' ile yeni bir şifre belirleyin; yeni şifre bütün oturumları kapatır.";

const SECURITY_CHANGES: Record<SecurityChange, { subject: string; heading: string; what: string; footer?: string }> = {
  passwordChange: { subject: 'Pano: şifreniz değiştirildi', heading: 'Şifreniz değiştirildi', what: 'Pano hesabınızın şifresi değiştirildi; bu cihaz dışındaki bütün oturumlarınız kapatıldı.' },
  twoFactorOn: { subject: 'Pano: iki adımlı doğrulama açıldı', heading: 'İki adımlı doğrulama açıldı', what: 'Pano hesabınızda iki adımlı doğrulama açıldı: girişte şifrenize ek olarak kimlik doğrulama uygulamanızdaki kod istenecek.' },
  twoFactorOff: { subject: 'Pano: iki adımlı doğrulama kapatıldı', heading: 'İki adımlı doğrulama kapatıldı', what: 'Pano hesabınızda iki adımlı doğrulama kapatıldı: girişte artık yalnızca şifreniz istenecek.' },
  twoFactorReset: {
    subject: 'Pano: iki adımlı doğrulamanız sıfırlandı', heading: 'İki adımlı doğrulamanız sıfırlandı',
    what: 'Pano destek ekibi isteğiniz üzerine hesabınızdaki iki adımlı doğrulamayı ve kurtarma kodlarınızı sıfırladı. Ayarlar sayfasından yeniden kurabilirsiniz; hesabınız zorunlu tutuyorsa bir sonraki girişte kurmanız istenir.',
    footer: "Bu sıfırlamayı siz istemediyseniz hemen 'Şifremi unuttum' ile yeni bir şifre belirleyin ve Pano desteğine bildirin.",
  },
};

/** Told after the change, with when and from where, so a change the person did not make is noticed. */
export function securityChangeMail(to: string, change: SecurityChange, f: { at: string; from: { device: string; ip: string | null } | null; settingsUrl: string }): OutgoingMail {
  const c = SECURITY_CHANGES[change];
  const from = f.from ? ` · Cihaz: ${f.from.device}${f.from.ip ? ` · IP: ${f.from.ip}` : ''}` : '';
  return compose(to, c.subject, {
    heading: c.heading,
    paragraphs: [c.what, `Zaman: ${f.at}${from}`],
    action: { label: 'Oturumlarımı gör', url: f.settingsUrl },
    footer: c.footer ?? NOT_YOU,
  });
}

/** A webhook Pano turned off after 24 hours of failed deliveries, mailed to the account's owner (docs/architecture/webhooks.md). */
export function webhookDisabledMail(to: string, f: { url: string; since: string; settingsUrl: string }): OutgoingMail {
  return compose(to, "Pano: bir webhook'unuz kapatıldı", {
    heading: "Webhook'unuz kapatıldı",
    paragraphs: [
      `${f.url} adresine ${f.since} tarihinden beri hiçbir mesaj iletilemedi; Pano bu webhook'u 24 saat sonra kapattı ve yeni olayları artık göndermiyor.`,
      "Alıcı sistemi düzeltip Ayarlar sayfasındaki 'Webhook'lar' bölümünden 'Test gönder' ile deneyin, sonra webhook'u yeniden açın.",
    ],
    action: { label: "Webhook'ları aç", url: f.settingsUrl },
    footer: 'Bu e-postayı Pano hesabının sahibi olduğunuz için aldınız.',
  });
}
