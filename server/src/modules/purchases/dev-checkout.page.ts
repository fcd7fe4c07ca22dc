import type { DevCheckoutView } from '../../payments/dev-provider.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const tl = (kurus: number) => new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(kurus / 100);

export type DevCheckoutForm = { cardNumber?: string; cardHolder?: string; expiry?: string };

/**
 * The dev processor's hosted checkout page (what Stripe Checkout is for the stripe
 * processor): plain HTML, no script, posts back to itself. Card fields are never echoed
 * back except the holder and expiry, so a re-rendered error page holds no card number.
 */
export function renderDevCheckoutPage(v: DevCheckoutView, o: { error?: string; form?: DevCheckoutForm } = {}): string {
  const f = o.form ?? {};
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Güvenli Ödeme — Pano</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center;padding:48px 16px;color:#111827}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;width:100%;max-width:420px}
h1{font-size:20px;margin:0 0 4px}p.sub{color:#6b7280;margin:0 0 24px;font-size:14px}
.sum{display:flex;justify-content:space-between;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin-bottom:24px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;font-size:15px}
.row{display:flex;gap:12px;align-items:flex-end}.row>div{flex:1}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.err{background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;border-radius:8px;padding:10px 12px;margin-bottom:16px;font-size:14px}
.note{font-size:12px;color:#6b7280;margin-top:16px}a{color:#4f46e5}
</style></head>
<body><main>
<h1>Güvenli Ödeme</h1>
<p class="sub">Pano test ödeme sayfası</p>
<div class="sum"><span data-testid="checkout-package">${esc(v.productName)}</span><strong data-testid="checkout-amount">${tl(v.amount)}</strong></div>
${o.error ? `<div class="err" role="alert">${esc(o.error)}</div>` : ''}
<form method="post" action="/api/purchase/dev/checkout/${esc(v.id)}" autocomplete="off">
<label for="cardHolder">Kart Sahibi</label>
<input id="cardHolder" name="cardHolder" value="${esc(f.cardHolder ?? '')}" required maxlength="100">
<label for="cardNumber">Kart Numarası</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" placeholder="4242 4242 4242 4242" required maxlength="23">
<div class="row">
<div><label for="expiry">Son Kullanma (AA/YY)</label><input id="expiry" name="expiry" placeholder="12/34" value="${esc(f.expiry ?? '')}" required maxlength="7"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required maxlength="4"></div>
</div>
<button type="submit">${tl(v.amount)} Öde</button>
</form>
<p class="note">Test kartı: 4242 4242 4242 4242 (başarılı), 4000 0000 0000 0002 (reddedilir).</p>
<p><a href="${esc(v.cancelUrl)}">İptal et ve geri dön</a></p>
</main></body></html>`;
}
