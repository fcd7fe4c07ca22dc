import type { TUsedBy } from '@pano/contract';

/** Rows named in an answer (`{ _id, name }`), as in a delete's usage. */
export const presentRefs = (rows: { id: string; name: string }[]): TUsedBy[] => rows.map((r) => presentRef(r));

/** One row named in an answer (`{ _id, name }`), or null: a screen's playlist, a zone's ticker. */
export function presentRef(row: { id: string; name: string }): TUsedBy;
export function presentRef(row: { id: string; name: string } | null): TUsedBy | null;
export function presentRef(row: { id: string; name: string } | null): TUsedBy | null {
  return row ? { _id: row.id, name: row.name } : null;
}

/** The same, in Turkish alphabetical order, as the dashboard lists names (a group's screens, an entry's targets). */
export const presentRefsByName = (rows: { id: string; name: string }[]): TUsedBy[] =>
  presentRefs([...rows].sort((a, b) => a.name.localeCompare(b.name, 'tr')));
