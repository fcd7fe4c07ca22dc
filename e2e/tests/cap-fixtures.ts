/*
 * A CAP 1.2 message as a warning service sends it, for the browser tests (docs/architecture/cap.md):
 * a storm warning in Turkish, Extreme and Immediate, expiring in an hour. With `polygon` it covers
 * that area only; without, every screen the sender reaches.
 */
export function stormWarning(o: { identifier: string; msgType?: 'Alert' | 'Cancel'; references?: string; polygon?: string; instruction?: string }): string {
  const expires = `${new Date(Date.now() + 3_600_000).toISOString().slice(0, 19)}+00:00`;
  const area = o.polygon ? `<areaDesc>Fatih, İstanbul</areaDesc><polygon>${o.polygon}</polygon>` : '<areaDesc>İstanbul</areaDesc>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.identifier}</identifier>
  <sender>uyari@ornek-valilik.gov.tr</sender>
  <sent>2026-11-29T09:00:00+03:00</sent>
  <status>Actual</status>
  <msgType>${o.msgType ?? 'Alert'}</msgType>
  <scope>Public</scope>
  ${o.references ? `<references>${o.references}</references>` : ''}
  <info>
    <language>tr-TR</language>
    <category>Met</category>
    <event>Fırtına</event>
    <urgency>Immediate</urgency>
    <severity>Extreme</severity>
    <certainty>Observed</certainty>
    <expires>${expires}</expires>
    <headline>Şiddetli fırtına uyarısı</headline>
    <description>Saatte 90 km'ye varan rüzgâr bekleniyor.</description>
    ${o.instruction ? `<instruction>${o.instruction}</instruction>` : ''}
    <area>${area}</area>
  </info>
</alert>`;
}
