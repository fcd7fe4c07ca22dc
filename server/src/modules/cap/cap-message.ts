import { XMLParser } from 'fast-xml-parser';
import pLimit from 'p-limit';
import { validateXML } from 'xmllint-wasm';
import { CAP_SEVERITIES, CAP_URGENCIES, type TCapSeverity, type TCapUrgency } from '@pano/contract';
import { CAP_1_2_XSD } from './cap-schema.js';

/*
 * One CAP 1.2 message, read (docs/architecture/cap.md#validation): validated against the OASIS
 * schema by libxml2 (xmllint-wasm, in a worker thread), then parsed by fast-xml-parser into
 * what Pano uses of it. Nothing here touches the database.
 */

/** The message is not CAP 1.2 as its schema says, or its areas cannot be read; `message` is Turkish. */
export class CapFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CapFormatError';
  }
}

/** A point as CAP writes it: WGS 84 latitude, longitude. */
export type LatLon = { lat: number; lon: number };
export type CapArea = { description: string; polygons: LatLon[][]; circles: { centre: LatLon; radiusKm: number }[] };

export type CapInfo = {
  language: string;
  event: string;
  urgency: TCapUrgency;
  severity: TCapSeverity;
  headline: string | null;
  description: string | null;
  instruction: string | null;
  effective: Date | null;
  onset: Date | null;
  expires: Date | null;
  areas: CapArea[];
};

/** `sender,identifier,sent` of an earlier message (CAP's `references`). */
export type CapReference = { sender: string; identifier: string };

export type CapMessage = {
  identifier: string;
  sender: string;
  sent: Date;
  status: 'Actual' | 'Exercise' | 'System' | 'Test' | 'Draft';
  msgType: 'Alert' | 'Update' | 'Cancel' | 'Ack' | 'Error';
  references: CapReference[];
  infos: CapInfo[];
};

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';

/**
 * A message's size limit: CAP alerts are a few KB; 1 MB leaves room for an embedded resource
 * (`derefUri`) while one message cannot hold a validator worker for long.
 */
export const CAP_MAX_BYTES = 1024 * 1024;

/**
 * Validations at once in this process: each starts a worker thread with its own WebAssembly
 * libxml2 (about 110 ms and some MB on this project's 2-core machine), so a flood of messages
 * (a sender's rejected ones are not rate limited) waits in turn instead of starting hundreds.
 */
const VALIDATIONS_AT_ONCE = 4;
const validations = pLimit(VALIDATIONS_AT_ONCE);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  // The XSD admits any number of these; a single one is still an array here.
  isArray: (name) => ['info', 'area', 'polygon', 'circle', 'category', 'responseType', 'parameter', 'eventCode', 'geocode', 'resource', 'code'].includes(name),
  processEntities: true,
  htmlEntities: false,
});

type Node = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const date = (v: unknown): Date | null => {
  const s = text(v);
  return s ? new Date(s) : null;
};

/** libxml2's first complaint, without the file name and line prefix, for the 400. */
function firstError(errors: readonly { message: string }[]): string {
  const m = errors[0]?.message ?? '';
  return m.replace(/^.*?Schemas validity error : /, '').replace(/^.*?parser error : /, '').trim().slice(0, 300);
}

/**
 * Validates against the CAP 1.2 schema. A DOCTYPE is refused before: CAP needs none, and
 * entity declarations are how XML parsers are made to read files or grow without bound.
 */
async function assertValid(xml: string): Promise<void> {
  if (/<!DOCTYPE/i.test(xml)) throw new CapFormatError('CAP iletisi DOCTYPE içeremez');
  if (!xml.includes(CAP_NAMESPACE)) {
    throw new CapFormatError(`Yalnızca CAP 1.2 iletileri kabul edilir (ad alanı ${CAP_NAMESPACE})`);
  }
  const result = await validations(() => validateXML({ xml: [{ fileName: 'cap.xml', contents: xml }], schema: [CAP_1_2_XSD] }));
  if (!result.valid) throw new CapFormatError(`CAP 1.2 şemasına uymuyor: ${firstError(result.errors)}`);
}

/** "lat,lon" to a point, or null when it is not one. */
function point(pair: string): LatLon | null {
  const [a, b, ...rest] = pair.split(',');
  if (rest.length > 0 || a === undefined || b === undefined) return null;
  const lat = Number(a);
  const lon = Number(b);
  if (a.trim() === '' || b.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** CAP's polygon: at least four "lat,lon" pairs separated by spaces, the first and last the same. */
function polygon(s: string): LatLon[] {
  const points = s.trim().split(/\s+/).map(point);
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length < 4 || points.some((p) => p === null) || !first || !last || first.lat !== last.lat || first.lon !== last.lon) {
    throw new CapFormatError(`Geçersiz CAP alanı (polygon): "${s.slice(0, 80)}" en az dört "enlem,boylam" noktası olmalı, ilki ile sonuncusu aynı`);
  }
  return points as LatLon[];
}

/** CAP's circle: "lat,lon radius" with the radius in kilometres. */
function circle(s: string): { centre: LatLon; radiusKm: number } {
  const [centre, radius, ...rest] = s.trim().split(/\s+/);
  const c = centre ? point(centre) : null;
  const r = Number(radius);
  if (!c || rest.length > 0 || radius === undefined || !Number.isFinite(r) || r < 0) {
    throw new CapFormatError(`Geçersiz CAP alanı (circle): "${s.slice(0, 80)}" "enlem,boylam yarıçap_km" olmalı`);
  }
  return { centre: c, radiusKm: r };
}

function info(n: Node): CapInfo {
  const areas = (n.area as Node[] | undefined ?? []).map((a) => ({
    description: text(a.areaDesc) ?? '',
    polygons: ((a.polygon as unknown[] | undefined) ?? []).map((p) => polygon(String(p))),
    circles: ((a.circle as unknown[] | undefined) ?? []).map((c) => circle(String(c))),
  }));
  return {
    language: text(n.language) ?? 'en-US',
    event: text(n.event) ?? '',
    // The schema admits only these values.
    urgency: CAP_URGENCIES.find((u) => u === n.urgency) ?? 'Unknown',
    severity: CAP_SEVERITIES.find((s) => s === n.severity) ?? 'Unknown',
    headline: text(n.headline),
    description: text(n.description),
    instruction: text(n.instruction),
    effective: date(n.effective),
    onset: date(n.onset),
    expires: date(n.expires),
    areas,
  };
}

/** CAP's references: space-separated "sender,identifier,sent" triples. */
function references(s: string | null): CapReference[] {
  if (!s) return [];
  return s.split(/\s+/).flatMap((triple) => {
    const [sender, identifier] = triple.split(',');
    return sender && identifier ? [{ sender, identifier }] : [];
  });
}

/** Longest identifier and sender kept (a message is recorded by them, unique per account). */
const ID_MAX = 255;

/**
 * An identifier or sender as CAP 1.2 defines it (3.2.1: no spaces, commas or restricted
 * characters, which `references` uses as separators), and of a length we can record.
 */
function id(v: unknown, element: 'identifier' | 'sender'): string {
  const s = text(v) ?? '';
  if (s === '' || s.length > ID_MAX || /[\s,<&]/.test(s)) {
    throw new CapFormatError(`CAP <${element}> boş olamaz, en fazla ${ID_MAX} karakter olabilir ve boşluk, virgül, < ya da & içeremez`);
  }
  return s;
}

/** Reads one CAP 1.2 message (the XML text of an `<alert>`), or throws CapFormatError. */
export async function readCapMessage(xml: string): Promise<CapMessage> {
  await assertValid(xml);
  const doc = parser.parse(xml) as { alert?: Node };
  const alert = doc.alert;
  if (!alert) throw new CapFormatError('CAP iletisi bir <alert> öğesi olmalıdır');
  return {
    identifier: id(alert.identifier, 'identifier'),
    sender: id(alert.sender, 'sender'),
    sent: new Date(String(alert.sent)),
    status: alert.status as CapMessage['status'],
    msgType: alert.msgType as CapMessage['msgType'],
    references: references(text(alert.references)),
    infos: ((alert.info as Node[] | undefined) ?? []).map(info),
  };
}
