import { writeFile } from 'node:fs/promises';
import type { CDPSession } from 'playwright-core';

/**
 * V8 heap snapshots of a page over CDP, and the two comparisons that tell a leak from a
 * settling heap: what changed per class between two snapshots, and which objects allocated
 * after the first snapshot are still alive in the last one (with what holds them).
 */

/** One heap object, reduced to what the comparisons need. */
type HeapNode = { id: number; key: string; size: number; detached: boolean };

export type HeapSnapshot = {
  nodes: HeapNode[];
  /** Highest object id: objects first seen by a later snapshot get higher ids. */
  maxId: number;
  /** First strong retainer of each node (index into nodes, -1 for none) and the edge's name. */
  retainer: Int32Array;
  retainerEdge: string[];
  totalSize: number;
  /** Self size per node type: 'code' is V8's bytecode and compiled code, the rest are the program's objects and the engine's. */
  sizeByType: Map<string, number>;
};

export type DomCounters = { documents: number; nodes: number; jsEventListeners: number };

/** Forces a GC first, so the counters do not include garbage. */
export async function domCounters(cdp: CDPSession): Promise<DomCounters> {
  await cdp.send('HeapProfiler.collectGarbage');
  return cdp.send('Memory.getDOMCounters');
}

/** Takes a snapshot (V8 collects garbage before it) and returns its JSON text. */
export async function captureHeapSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return chunks.join('');
}

/** Takes a snapshot, writes it (loadable in DevTools' Memory tab) and returns it parsed. */
export async function saveHeapSnapshot(cdp: CDPSession, file: string): Promise<HeapSnapshot> {
  const text = await captureHeapSnapshot(cdp);
  await writeFile(file, text);
  return parseHeapSnapshot(text);
}

// Strings and numbers are grouped by their type only: their "name" is the value itself.
const VALUE_TYPES = new Set(['string', 'concatenated string', 'sliced string', 'number', 'bigint']);

type RawSnapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
};

export function parseHeapSnapshot(text: string): HeapSnapshot {
  const raw = JSON.parse(text) as RawSnapshot;
  const { meta } = raw.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const f = (name: string) => meta.node_fields.indexOf(name);
  const [typeF, nameF, idF, sizeF, edgeCountF, detachedF] = [f('type'), f('name'), f('id'), f('self_size'), f('edge_count'), f('detachedness')];
  const eTypeF = meta.edge_fields.indexOf('type');
  const eNameF = meta.edge_fields.indexOf('name_or_index');
  const eToF = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const count = raw.nodes.length / nf;

  const nodes: HeapNode[] = new Array(count);
  let maxId = 0;
  let totalSize = 0;
  const sizeByType = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const o = i * nf;
    const type = nodeTypes[raw.nodes[o + typeF]!]!;
    const name = raw.strings[raw.nodes[o + nameF]!]!;
    const id = raw.nodes[o + idF]!;
    const size = raw.nodes[o + sizeF]!;
    const key = VALUE_TYPES.has(type) ? `(${type})` : `${type} ${name.length > 70 ? `${name.slice(0, 70)}…` : name}`;
    nodes[i] = { id, key, size, detached: detachedF >= 0 && raw.nodes[o + detachedF] === 2 };
    if (id > maxId) maxId = id;
    totalSize += size;
    sizeByType.set(type, (sizeByType.get(type) ?? 0) + size);
  }

  const retainer = new Int32Array(count).fill(-1);
  const retainerEdge: string[] = new Array(count);
  let e = 0;
  for (let i = 0; i < count; i++) {
    const edges = raw.nodes[i * nf + edgeCountF]!;
    for (let k = 0; k < edges; k++, e += ef) {
      const type = edgeTypes[raw.edges[e + eTypeF]!]!;
      if (type === 'weak' || type === 'shortcut') continue;
      const to = raw.edges[e + eToF]! / nf;
      if (retainer[to] !== -1) continue;
      retainer[to] = i;
      const n = raw.edges[e + eNameF]!;
      retainerEdge[to] = type === 'element' || type === 'hidden' ? `[${n}]` : raw.strings[n]!;
    }
  }
  return { nodes, maxId, retainer, retainerEdge, totalSize, sizeByType };
}

export type ClassChange = { key: string; count: number; size: number };

/** Per class (type + constructor/name): change in count and self size from `a` to `b`, largest growth first. */
export function diffByClass(a: HeapSnapshot, b: HeapSnapshot, top = 15): ClassChange[] {
  const byKey = new Map<string, ClassChange>();
  const add = (s: HeapSnapshot, sign: number) => {
    for (const n of s.nodes) {
      const c = byKey.get(n.key) ?? { key: n.key, count: 0, size: 0 };
      c.count += sign;
      c.size += sign * n.size;
      byKey.set(n.key, c);
    }
  };
  add(a, -1);
  add(b, 1);
  return [...byKey.values()].filter((c) => c.count !== 0 || c.size !== 0).sort((x, y) => y.size - x.size).slice(0, top);
}

export type Survivors = { key: string; count: number; size: number; path: string }[];

/**
 * Objects of `last` allocated after `first` (and, given `middle`, before it: the classic
 * three-snapshot test, where the newest objects are left out as work in progress), grouped
 * by class, each with the retainer path of one example up to an object that already
 * existed at `first`.
 */
export function survivorsSince(first: HeapSnapshot, last: HeapSnapshot, middle?: HeapSnapshot, top = 15): Survivors {
  const upper = middle?.maxId ?? Infinity;
  const groups = new Map<string, { key: string; count: number; size: number; example: number }>();
  last.nodes.forEach((n, i) => {
    if (n.id <= first.maxId || n.id > upper) return;
    const g = groups.get(n.key) ?? { key: n.key, count: 0, size: 0, example: i };
    g.count++;
    g.size += n.size;
    groups.set(n.key, g);
  });
  return [...groups.values()]
    .sort((x, y) => y.size - x.size)
    .slice(0, top)
    .map((g) => ({ key: g.key, count: g.count, size: g.size, path: retainerPath(last, g.example, first.maxId) }));
}

function retainerPath(s: HeapSnapshot, start: number, oldMaxId: number, depth = 8): string {
  const parts: string[] = [];
  let i = start;
  for (let d = 0; d < depth; d++) {
    const up = s.retainer[i]!;
    if (up < 0) break;
    const holder = s.nodes[up]!;
    parts.push(`.${s.retainerEdge[i]} ← ${holder.key}${holder.detached ? ' (detached)' : ''}${holder.id <= oldMaxId ? ' (old)' : ''}`);
    if (holder.id <= oldMaxId) break;
    i = up;
  }
  return parts.join(' ');
}

export const detachedCount = (s: HeapSnapshot) => s.nodes.filter((n) => n.detached).length;

/** A readable report of the comparisons, for the bench's log. */
export function describeGrowth(first: HeapSnapshot, last: HeapSnapshot, middle?: HeapSnapshot): string {
  const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
  const lines = [
    `snapshots: ${first.nodes.length} → ${last.nodes.length} objects, ${kb(first.totalSize)} → ${kb(last.totalSize)}; detached DOM objects ${detachedCount(first)} → ${detachedCount(last)}`,
    `per node type, first → last: ${[...last.sizeByType].sort((x, y) => y[1] - x[1]).map(([t, v]) => `${t} ${kb(first.sizeByType.get(t) ?? 0)} → ${kb(v)}`).join(', ')}`,
    'per class, last − first (count, self size):',
    ...diffByClass(first, last).map((c) => `  ${c.count >= 0 ? '+' : ''}${c.count}\t${kb(c.size)}\t${c.key}`),
    middle ? 'allocated between the first and the middle snapshot, alive at the last:' : 'allocated after the first snapshot, alive at the last:',
    ...survivorsSince(first, last, middle).map((g) => `  ${g.count}\t${kb(g.size)}\t${g.key}\n      held by ${g.path}`),
  ];
  return lines.join('\n');
}
