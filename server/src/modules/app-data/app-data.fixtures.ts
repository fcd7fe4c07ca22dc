// Test-only feeds and forecasts, in the formats the app-data jobs read (docs/PRODUCT.md#apps).

/** An RSS 2.0 feed with HTML in CDATA, escaped HTML, entities and an empty item. */
export const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Haberler</title>
  <item>
    <title>Belediye &amp; halk: &#39;yeni park&#39; açıldı</title>
    <description><![CDATA[<p>Park <b>bugün</b> açıldı.<br/>Ayrıntılar&nbsp;için <a href="https://x">tıklayın</a>.</p><script>alert(1)</script><style>p{}</style>]]></description>
    <pubDate>Fri, 27 Nov 2026 09:30:00 +0300</pubDate>
  </item>
  <item>
    <title>İkinci haber</title>
    <description>&lt;img src=x onerror=alert(1)&gt;Kaçışlı &lt;i&gt;HTML&lt;/i&gt;</description>
    <pubDate>geçersiz tarih</pubDate>
  </item>
  <item><title></title><description></description></item>
  <item><title>Üçüncü</title><content:encoded><![CDATA[<div>Yalnızca içerik</div>]]></content:encoded></item>
</channel></rss>`;

/** An Atom feed with text, html and xhtml titles. */
export const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Duyurular</title>
  <entry>
    <title type="html">Toplantı &lt;b&gt;saat 14:00&lt;/b&gt;</title>
    <link href="https://ornek.com/1"/>
    <updated>2026-11-26T08:00:00Z</updated>
    <summary type="text">Salon B'de.</summary>
  </entry>
  <entry>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">XHTML başlık</div></title>
    <published>2026-11-25T10:00:00+03:00</published>
    <content type="html">&lt;p&gt;Uzun içerik&lt;/p&gt;</content>
  </entry>
</feed>`;

/** An Open-Meteo answer for current=temperature_2m,weather_code and 3 daily days. */
export const FORECAST = {
  latitude: 41.01, longitude: 28.98, timezone: 'Europe/Istanbul',
  current: { time: '2026-11-27T12:00', interval: 900, temperature_2m: 14.3, weather_code: 3 },
  daily: {
    time: ['2026-11-27', '2026-11-28', '2026-11-29'],
    weather_code: [3, 61, 0],
    temperature_2m_max: [16.1, 13.4, 15],
    temperature_2m_min: [9.8, 8.2, 7.5],
  },
};
