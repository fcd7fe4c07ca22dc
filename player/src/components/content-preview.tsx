import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TConfigLayout, TConfigMedia, TDisplaySettings, TScreenConfig } from '@pano/contract';
import { DISPLAY_DEFAULTS } from '@pano/contract/constants';
import { zoneOrDefault } from '@pano/contract/schedule';
import { Player } from './player.js';

/*
 * The dashboard's previews of content no screen shows yet (docs/PRODUCT.md#layouts,
 * docs/PRODUCT.md#apps): a layout being edited, an app being filled in. Each is played by the
 * screen's own Player, as the one config of a screen that exists nowhere: no schedule, no alert,
 * nothing recorded (no `onPlay`), the default time zone. The player draws a 1920 × 1080 screen
 * (1080 × 1920 for a portrait layout) scaled down to the container's width, so a ticker's pixel
 * sizes and an app's proportions look as they will on the wall.
 */

type Frame = {
  /** The customer's ticker-bar look, for a layout's ticker zones. */
  displaySettings?: TDisplaySettings;
};

const LANDSCAPE = { width: 1920, height: 1080 };
const PORTRAIT = { width: 1080, height: 1920 };

/** A layout as a screen shows it; the zones' playlists keep their identity between renders, so moving a zone never restarts its loop. */
export function LayoutPreview({ layout, displaySettings }: Frame & { layout: TConfigLayout }) {
  const config = useMemo(() => previewConfig({ layout, displaySettings }), [layout, displaySettings]);
  const screen = layout.orientation === 'portrait' ? PORTRAIT : LANDSCAPE;
  return <ScreenFrame screen={screen}><Player config={config} mediaHeight={screen.height} /></ScreenFrame>;
}

/** One library item (an app with its settings as typed) shown full screen, as the only item of a playlist. */
export function ItemPreview({ media, displaySettings }: Frame & { media: TConfigMedia }) {
  const config = useMemo(() => previewConfig({
    displaySettings,
    // An hour: long enough that the preview never restarts the item while it is watched.
    playlist: { _id: media._id, name: media.name, mediaItems: [{ media, duration: 3600 }] },
  }), [media, displaySettings]);
  return <ScreenFrame screen={LANDSCAPE}><Player config={config} mediaHeight={LANDSCAPE.height} /></ScreenFrame>;
}

/** A screen of `screen` pixels drawn at the container's width (its aspect ratio kept), followed as the container resizes. */
function ScreenFrame({ screen, children }: { screen: { width: number; height: number }; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const fit = () => setScale(el.clientWidth / screen.width);
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(fit);
    watch.observe(el);
    return () => watch.disconnect();
  }, [screen.width]);
  return (
    <div ref={frame} style={{ position: 'relative', width: '100%', aspectRatio: `${screen.width} / ${screen.height}`, overflow: 'hidden' }}>
      <div style={{ position: 'absolute', left: 0, top: 0, width: screen.width, height: screen.height, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
        {children}
      </div>
    </div>
  );
}

function previewConfig(content: Partial<Pick<TScreenConfig, 'layout' | 'playlist' | 'displaySettings'>>): TScreenConfig {
  return {
    screenId: '', screenName: '', version: '', alerts: [],
    playlist: content.playlist ?? null, directionPlaylist: null, layout: content.layout ?? null,
    schedule: { timezone: zoneOrDefault(null), entries: [], playlists: [], tickers: [] },
    displaySettings: content.displaySettings ?? DISPLAY_DEFAULTS,
    notice: null,
  };
}
