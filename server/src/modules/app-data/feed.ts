import type { TFeedItem } from '@pano/contract';
import { XMLParser } from 'fast-xml-parser';
import { Parser as HtmlParser } from 'htmlparser2';

/*
 * RSS 2.0, RSS 1.0 (RDF) and Atom feeds to plain-text items (docs/PRODUCT.md#apps): a screen
 * never renders a feed's HTML, so titles and summaries are reduced to text here, entities
 * decoded, whitespace collapsed and lengths capped.
 */

const FEED_TITLE_MAX = 300;
const FEED_SUMMARY_MAX = 600;

/** The feed could not be read as RSS or Atom (the job logs it and keeps the last items). */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'item' || name === 'entry',
  // The parser's default entity limits (DOCTYPE entities are not expanded into each other, so
  // an entity bomb stays small); HTML entities and numeric references are decoded here, the
  // HTML they may spell is reduced to text by htmlToText.
  processEntities: true,
  htmlEntities: true,
});

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An element's text: a plain string, `#text` of an element with attributes, or the text of its
 * child elements (Atom's `type="xhtml"`), attributes left out.
 */
function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(textOf).join(' ');
  if (isNode(v)) return Object.entries(v).filter(([k]) => !k.startsWith('@_')).map(([, c]) => textOf(c)).join(' ');
  return '';
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object']);
const BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'section', 'article', 'td', 'th']);

/** HTML (or plain text with entities) to one line of text: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  let out = '';
  let skipping = 0;
  const p = new HtmlParser({
    onopentagname: (name) => {
      if (SKIPPED.has(name)) skipping++;
      else if (BREAKS.has(name)) out += ' ';
    },
    onclosetag: (name) => {
      if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
      else if (BREAKS.has(name)) out += ' ';
    },
    ontext: (text) => { if (skipping === 0) out += text; },
  }, { decodeEntities: true });
  p.write(html);
  p.end();
  // Control characters (a NUL included) never reach a screen.
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (by code point, so no emoji is cut in half), with an ellipsis when cut. */
export function cap(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A repeated element (two titles) counts once. */
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

function isoDate(raw: string): string | null {
  const t = Date.parse(raw.trim());
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

function item(title: unknown, summary: unknown, date: unknown): TFeedItem {
  return {
    title: cap(htmlToText(textOf(title)), FEED_TITLE_MAX),
    summary: cap(htmlToText(textOf(summary)), FEED_SUMMARY_MAX),
    publishedAt: isoDate(textOf(date)),
  };
}

/** The items of an RSS 2.0, RSS 1.0 or Atom document, in the feed's order, at most `maxItems`, none without a title or summary. */
export function parseFeed(xml: string, maxItems: number): TFeedItem[] {
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (err) {
    throw new FeedFormatError(`not XML: ${(err as Error).message}`);
  }
  const rss = isNode(doc.rss) && isNode(doc.rss.channel) ? doc.rss.channel : undefined;
  const rdf = isNode(doc['rdf:RDF']) ? doc['rdf:RDF'] : undefined;
  const atom = isNode(doc.feed) ? doc.feed : undefined;
  let rows: unknown[];
  let read: (n: Node) => TFeedItem;
  if (rss || rdf) {
    rows = ((rss ?? rdf)!.item ?? []) as unknown[];
    read = (i) => item(first(i.title), first(i.description ?? i['content:encoded']), first(i.pubDate ?? i['dc:date']));
  } else if (atom) {
    rows = (atom.entry ?? []) as unknown[];
    read = (e) => item(first(e.title), first(e.summary ?? e.content), first(e.published ?? e.updated));
  } else {
    throw new FeedFormatError('neither RSS nor Atom');
  }
  // Items are made text only until `maxItems` are found: a feed of 45,000 entries costs the
  // same as one of 20 beyond its XML parse (docs/architecture/security.md#server-side-fetches).
  const items: TFeedItem[] = [];
  for (const row of rows) {
    if (items.length >= maxItems) break;
    if (!isNode(row)) continue;
    const i = read(row);
    if (i.title !== '' || i.summary !== '') items.push(i);
  }
  return items;
}

/**
 * A feed's bytes as text: the charset of the Content-Type, else the XML declaration's
 * encoding (Turkish feeds still come in windows-1254 / ISO-8859-9), else UTF-8.
 */
export function decodeFeed(body: Buffer, contentType: string | undefined): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1]
    ?? /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(body.subarray(0, 200).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
