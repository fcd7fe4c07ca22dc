import { XMLParser } from 'fast-xml-parser';

/*
 * What a polled CAP feed holds (docs/architecture/cap.md#feeds): either one CAP message itself,
 * or an Atom feed whose entries carry a CAP message inline (`<content>`) or link to one
 * (`<link type="application/cap+xml">`). Only the outline is read here; each message is then
 * validated and read like a posted one.
 */

/** Entries read per poll, newest first as the feed lists them. */
export const FEED_ENTRIES_MAX = 20;

export type FeedContents =
  | { kind: 'message'; xml: string }
  | { kind: 'atom'; inline: string[]; links: string[] }
  | { kind: 'unknown' };

// `content` is kept as its raw text, so an inline CAP message is validated exactly as sent.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  stopNodes: ['feed.entry.content'],
  isArray: (name) => name === 'entry' || name === 'link',
  processEntities: true,
  htmlEntities: false,
});

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function capLink(links: unknown): string | null {
  if (!Array.isArray(links)) return null;
  const cap = links.find((l) => isNode(l) && typeof l['@_href'] === 'string' && /cap/i.test(String(l['@_type'] ?? '')));
  return cap ? String((cap as Node)['@_href']) : null;
}

function inlineCap(content: unknown): string | null {
  const raw = isNode(content) ? content['#text'] : content;
  return typeof raw === 'string' && /<(\w+:)?alert[\s>]/.test(raw) ? raw.trim() : null;
}

/** Sorts a fetched document into a message, an Atom feed of messages, or neither. */
export function readFeed(xml: string): FeedContents {
  if (/<!DOCTYPE/i.test(xml)) return { kind: 'unknown' };
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return { kind: 'unknown' };
  }
  if (isNode(doc.alert)) return { kind: 'message', xml };
  if (!isNode(doc.feed)) return { kind: 'unknown' };
  const entries = (Array.isArray(doc.feed.entry) ? doc.feed.entry : []).filter(isNode).slice(0, FEED_ENTRIES_MAX);
  const inline: string[] = [];
  const links: string[] = [];
  for (const e of entries) {
    const body = inlineCap(e.content);
    const link = body ? null : capLink(e.link);
    if (body) inline.push(body);
    else if (link) links.push(link);
  }
  return { kind: 'atom', inline, links };
}
