import type { TUsedBy } from '@pano/contract';

/** Rows named in an answer (`{ _id, name }`), as in a delete's usage. */
export const presentRefs = (rows: { id: string; name: string }[]): TUsedBy[] => rows.map((r) => ({ _id: r.id, name: r.name }));


/** The same, in Turkish alphabetical order, as the dashboard lists names (a group's screens, an entry's targets). */
export const presentRefsByName = (rows: { id: string; name: string }[]): TUsedBy[] =>
  presentRefs([...rows].sort((a, b) => a.name.localeCompare(b.name, 'tr')));
