import type { TScreenGroup } from '@pano/contract';
import { presentRefsByName } from '../../http/present-refs.js';

export type ScreenGroupRow = { id: string; name: string; members: { screen: { id: string; name: string } }[] };

export const presentScreenGroup = (g: ScreenGroupRow): TScreenGroup => ({
  _id: g.id,
  name: g.name,
  screens: presentRefsByName(g.members.map((m) => m.screen)),
});
