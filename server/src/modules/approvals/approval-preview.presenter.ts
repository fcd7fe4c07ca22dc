import type { TApprovalPreview, TConfigLayout } from '@pano/contract';
import type { DisplaySettings } from '../../db/generated/client.js';
import { layoutHead, zoneRect } from '../layouts/layout-wire.js';
import { configMedia, configPlaylist, configTicker } from '../screens/screen-config.presenter.js';
import { presentDisplaySettings } from '../settings/display-settings.presenter.js';
import type { PreviewRows } from './approval-preview.js';

/*
 * A request's result as one layout the dashboard's player draws (docs/architecture/approval.md#preview):
 * a playlist or an app full screen, a ticker as the bar along the bottom, a layout as itself.
 */

/** The dashboard's preview reads files from its own origin, as the layout editor's does. */
const SAME_ORIGIN = '';
const whole = (name: string) => ({ name, x: 0, y: 0, width: 100, height: 100, z: 0, fit: 'contain' as const });
const bar = (name: string) => ({ name, x: 0, y: 88, width: 100, height: 12, z: 0, fit: 'cover' as const });
const screenOf = (id: string, name: string, zones: TConfigLayout['zones']): TConfigLayout =>
  ({ ...layoutHead({ id, name, orientation: 'landscape', background: '#000000' }), zones });

function layoutOf(rows: PreviewRows): TConfigLayout {
  switch (rows.type) {
    case 'playlist': {
      const p = rows.playlist;
      return screenOf(p.id, p.name, [{ ...whole(p.name), playlist: configPlaylist(p, SAME_ORIGIN), directionPlaylist: null }]);
    }
    case 'ticker': {
      const tk = rows.ticker;
      return screenOf(tk.id, tk.name, [{ ...bar(tk.name), playlist: null, directionPlaylist: configTicker(tk) }]);
    }
    case 'layout':
      return {
        ...layoutHead(rows.layout),
        zones: rows.zones.map((z) => {
          const playlist = z.playlistId ? rows.playlistById.get(z.playlistId) : undefined;
          const ticker = z.tickerPlaylistId ? rows.tickerById.get(z.tickerPlaylistId) : undefined;
          return { ...zoneRect(z), playlist: playlist ? configPlaylist(playlist, SAME_ORIGIN) : null, directionPlaylist: ticker ? configTicker(ticker) : null };
        }),
      };
    case 'app': {
      const media = configMedia(rows.media, SAME_ORIGIN);
      // An hour: the preview never restarts the app while it is watched.
      const playlist = { _id: media._id, name: media.name, mediaItems: [{ media, duration: 3600 }] };
      return screenOf(media._id, media.name, [{ ...whole(media.name), playlist, directionPlaylist: null }]);
    }
  }
}

export const presentApprovalPreview = (rows: PreviewRows, settings: DisplaySettings | null): TApprovalPreview =>
  ({ layout: layoutOf(rows), displaySettings: presentDisplaySettings(settings) });
