import { describe, expect, it } from 'vitest';
import { cap, decodeFeed, FeedFormatError, htmlToText, parseFeed } from './feed.js';
import { ATOM, RSS } from './app-data.fixtures.js';

describe('parseFeed', () => {
  it('reads RSS 2.0 items as plain text: entities decoded, tags and scripts dropped, dates as ISO, empty items left out', () => {
    expect(parseFeed(RSS, 20)).toEqual([
      { title: "Belediye & halk: 'yeni park' açıldı", summary: 'Park bugün açıldı. Ayrıntılar için tıklayın.', publishedAt: '2026-11-27T06:30:00.000Z' },
      { title: 'İkinci haber', summary: 'Kaçışlı HTML', publishedAt: null },
      { title: 'Üçüncü', summary: 'Yalnızca içerik', publishedAt: null },
    ]);
  });

  it('reads Atom entries (text, html and xhtml titles; summary or content; published or updated)', () => {
    expect(parseFeed(ATOM, 20)).toEqual([
      { title: 'Toplantı saat 14:00', summary: "Salon B'de.", publishedAt: '2026-11-26T08:00:00.000Z' },
      { title: 'XHTML başlık', summary: 'Uzun içerik', publishedAt: '2026-11-25T07:00:00.000Z' },
    ]);
  });

  it('reads RSS 1.0 (RDF) items', () => {
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>K</title></channel>
      <item><title>RDF haber</title><description>Özet</description><dc:date>2026-11-20T12:00:00Z</dc:date></item>
    </rdf:RDF>`;
    expect(parseFeed(rdf, 5)).toEqual([{ title: 'RDF haber', summary: 'Özet', publishedAt: '2026-11-20T12:00:00.000Z' }]);
  });

  it('keeps at most maxItems, in the feed\'s order, and caps long texts', () => {
    const items = Array.from({ length: 30 }, (_, i) => `<item><title>H${i} ${'a'.repeat(400)}</title><description>${'ö'.repeat(900)}</description></item>`).join('');
    const parsed = parseFeed(`<rss><channel>${items}</channel></rss>`, 7);
    expect(parsed.map((i) => i.title.slice(0, 3))).toEqual(['H0 ', 'H1 ', 'H2 ', 'H3 ', 'H4 ', 'H5 ', 'H6 ']);
    expect(Array.from(parsed[0]!.title)).toHaveLength(300);
    expect(parsed[0]!.title.endsWith('…')).toBe(true);
    expect(Array.from(parsed[0]!.summary)).toHaveLength(600);
  });

  it('refuses what is not a feed: an HTML page, JSON, broken XML', () => {
    for (const body of ['<!doctype html><html><body><p>Merhaba</p></body></html>', '{"items":[]}', '<rss><channel><item><title>x</item></rss>']) {
      expect(() => parseFeed(body, 5)).toThrow(FeedFormatError);
    }
  });
});

describe('feed text helpers', () => {
  it('htmlToText never lets markup through and keeps the words apart', () => {
    expect(htmlToText('<h1>Başlık</h1><p>bir</p><p>iki&lt;script&gt;</p>')).toBe('Başlık bir iki<script>');
    expect(htmlToText('a\u0000b\tc\n\nd')).toBe('a b c d');
  });

  it('cap cuts by characters, not UTF-16 halves', () => {
    expect(cap('😀😀😀😀', 3)).toBe('😀😀…');
    expect(cap('kısa', 10)).toBe('kısa');
  });

  it('decodes a feed in the charset it declares (header first, then the XML declaration)', () => {
    const turkish = Buffer.from([0x3c, 0x61, 0x3e, 0xfe, 0xf0, 0xfd, 0xdd, 0x3c, 0x2f, 0x61, 0x3e]); // <a>şğıİ</a> in windows-1254
    const declared = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-9"?>'), turkish]);
    expect(decodeFeed(turkish, 'text/xml; charset=windows-1254')).toBe('<a>şğıİ</a>');
    expect(decodeFeed(declared, 'text/xml')).toContain('<a>şğıİ</a>');
    expect(decodeFeed(Buffer.from('<a>şğ</a>'), undefined)).toBe('<a>şğ</a>');
    expect(decodeFeed(Buffer.from('<a>x</a>'), 'text/xml; charset=bilinmeyen')).toBe('<a>x</a>');
  });
});
