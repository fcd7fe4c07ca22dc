import type { TScreenGroup } from '@pano/contract';
import { presentRefsByName } from '../../http/present-refs.js';
import type { ScreenGroupRow } from './screen-groups.service.js';

export const presentScreenGroup = (g: ScreenGroupRow): TScreenGroup => ({
  _id: g.id,
  name: g.name,
  screens: presentRefsByName(g.members.map((m) => m.screen)),
});
