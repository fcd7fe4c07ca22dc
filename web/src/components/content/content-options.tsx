import { tr } from '../../i18n/tr';

/*
 * A select offering what a screen can show (docs/PRODUCT.md#layouts): the customer's playlists,
 * and when there are any, their layouts in a group of their own, a layout's value being its id
 * behind LAYOUT_CHOICE. /assignment and the schedule form use it.
 */

export const LAYOUT_CHOICE = 'layout:';

/** The select's value for a layout. */
export const layoutChoice = (layoutId: string) => `${LAYOUT_CHOICE}${layoutId}`;

/** The layout's id when the value names one, else null (a playlist's id, or '' for none). */
export const layoutOfChoice = (value: string) => (value.startsWith(LAYOUT_CHOICE) ? value.slice(LAYOUT_CHOICE.length) : null);

type Named = { _id: string; name: string };

/** The options: the playlists alone while there is no layout, else both in their groups. */
export function ContentOptions({ playlists, layouts }: { playlists: readonly Named[]; layouts: readonly Named[] }) {
  const playlistOptions = playlists.map((p) => <option key={p._id} value={p._id}>{p.name}</option>);
  if (layouts.length === 0) return playlistOptions;
  return (
    <>
      <optgroup label={tr.common.playlistsGroup}>{playlistOptions}</optgroup>
      <optgroup label={tr.common.layoutsGroup}>
        {layouts.map((l) => <option key={l._id} value={layoutChoice(l._id)}>{l.name}</option>)}
      </optgroup>
    </>
  );
}
