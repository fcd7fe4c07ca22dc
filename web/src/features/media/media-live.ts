import type { QueryClient } from '@tanstack/react-query';
import type { TMedia, TMediaProgressEvent } from '@pano/contract';
import { mediaKeys } from '../../api/media.api';
import { useDashboardEvents, type DashboardListener } from '../../lib/dashboard-socket';

/**
 * `media:progress` on the cached list: the item's status, progress and reason, nothing else; or,
 * for a new file converting in its place (docs/PRODUCT.md#replacing-a-file), its replacement's,
 * which is gone once it is ready (it took the item's place).
 */
export function progressInList(list: TMedia[], e: TMediaProgressEvent): TMedia[] {
  return list.map((m) => (m._id !== e.mediaId ? m : e.replacement ? { ...m, replacement: replacementAfter(e) } : { ...m, status: e.status, progress: e.progress, error: e.error }));
}

const replacementAfter = (e: TMediaProgressEvent): TMedia['replacement'] =>
  (e.status === 'ready' ? null : { status: e.status, progress: e.progress, error: e.error });

/**
 * /media live (docs/PRODUCT.md#media-processing): `media:progress` on the dashboard socket moves
 * a card's 'İşleniyor %42' without polling; at the end (ready or failed) the list is read again,
 * since the converted file has a new address, size and poster (a replaced file too: the item keeps
 * its id and takes the new file's). After a reconnect too: events
 * sent while the socket was down are lost. It listens from after the first load (socket.io is not
 * on the way to the page's first paint: docs/PERFORMANCE.md#media-first-paint), so it reads the
 * list again once it hears.
 */
export function MediaLive(): null {
  useDashboardEvents(listenToMedia);
  return null;
}

function listenToMedia(qc: QueryClient): DashboardListener {
  return {
    on: {
      'media:progress': (e) => {
        qc.setQueryData<TMedia[]>(mediaKeys.all, (list) => list && progressInList(list, e));
        if (e.status !== 'processing') void qc.invalidateQueries({ queryKey: mediaKeys.all });
      },
    },
    reconnected: () => void qc.invalidateQueries({ queryKey: mediaKeys.all }),
    joinedLate: true,
  };
}
