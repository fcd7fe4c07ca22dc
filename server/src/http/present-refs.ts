import type { TUsedBy } from '@pano/contract';

/** Rows named in an answer (`{ _id, name }`), as in a delete's usage. */
export const presentRefs = (rows: { id: string; name: string }[]): TUsedBy[] => rows.map((r) => ({ _id: r.id, name: r.name }));

