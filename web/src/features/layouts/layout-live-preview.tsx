import { useMemo } from 'react';
import type { TConfigLayout, TContentPreview } from '@pano/contract';
import { LayoutPreview } from '@pano/player';
import { Banner } from '../../components/ui';
import { errorMessage } from '../../lib/api-error';
import { trLayouts } from '../../i18n/tr-layouts';
import { useLayoutPreview } from './api/use-layout-preview';
import type { LayoutDraft } from './layout-draft';

/**
 * The layout being edited, played by the screen's own player with the zones' real content
 * (docs/PRODUCT.md#layouts): moving a zone moves its picture without restarting its loop.
 */
export function LayoutLivePreview({ draft }: { draft: LayoutDraft }) {
  const preview = useLayoutPreview(draft);
  const layout = useMemo(() => previewLayout(draft, preview.data), [draft, preview.data]);
  return (
    <section className="layout-live-preview" aria-labelledby="layout-live-preview-title">
      <h3 id="layout-live-preview-title" className="section-title">{trLayouts.livePreviewTitle}</h3>
      {preview.isError && <Banner tone="error">{errorMessage(preview.error, trLayouts.livePreviewError)}</Banner>}
      <div className={`layout-live-frame layout-canvas-${draft.orientation}`} data-testid="layout-live-preview">
        <LayoutPreview layout={layout} displaySettings={preview.data?.displaySettings} />
      </div>
      <p className="muted">{trLayouts.previewNote}</p>
    </section>
  );
}

/** The draft's zones with the content the server resolved, each playlist object kept as it came, so a zone's loop keeps going while the zone moves. */
function previewLayout(draft: LayoutDraft, content: TContentPreview | undefined): TConfigLayout {
  const playlist = new Map(content?.playlists.map((p) => [p._id, p]));
  const ticker = new Map(content?.tickers.map((d) => [d._id, d]));
  return {
    _id: 'preview', name: draft.name, orientation: draft.orientation, background: draft.background,
    zones: draft.zones.map(({ playlist: p, directionPlaylist: d, ...rect }) => ({
      ...rect,
      playlist: (p && playlist.get(p._id)) ?? null,
      directionPlaylist: (d && ticker.get(d._id)) ?? null,
    })),
  };
}
