import { Component, lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { MediaAppKind } from '@pano/contract';
import type { PlayItem } from '../../playback/play-items.js';
import type { AppProps } from './app-common.js';

/*
 * An app on screen (docs/PRODUCT.md#apps, docs/architecture/player.md#layouts): each kind's renderer
 * is a chunk of its own, loaded when an app of that kind is shown (and ahead of time for offline
 * play, offline/media-cache.ts). A missing or broken app is a calm blank: nothing drawn over the
 * zone's background, reported as failed like a file that cannot load.
 */

type Renderer = { default: ComponentType<AppProps> };
// Each renderer takes the settings of its own kind; the layer hands them by kind.
const as = (load: Promise<{ default: unknown }>) => load as Promise<Renderer>;
const APP_RENDERERS: Record<MediaAppKind, () => Promise<Renderer>> = {
  clock: () => as(import('./clock-app.js')),
  text: () => as(import('./text-app.js')),
  web: () => as(import('./web-app.js')),
  youtube: () => as(import('./youtube-app.js')),
  stream: () => as(import('./stream-app.js')),
  rss: () => as(import('./rss-app.js')),
  weather: () => as(import('./weather-app.js')),
  qr: () => as(import('./qr-app.js')),
  countdown: () => as(import('./countdown-app.js')),
  pdf: () => as(import('./pdf-app.js')),
};
const lazyRenderers = new Map<MediaAppKind, ComponentType<AppProps>>();
const rendererOf = (kind: MediaAppKind) => {
  let r = lazyRenderers.get(kind);
  if (!r) lazyRenderers.set(kind, (r = lazy(APP_RENDERERS[kind])));
  return r;
};

/** Loads the renderers of these kinds now (a screen about to go offline must have them). */
export function preloadApps(kinds: Iterable<string>): Promise<unknown> {
  return Promise.all([...new Set(kinds)].filter(isKind).map((k) => APP_RENDERERS[k]().catch(() => undefined)));
}
const isKind = (kind: string): kind is MediaAppKind => Object.hasOwn(APP_RENDERERS, kind);

type Props = {
  item: PlayItem;
  style: React.CSSProperties;
  onReady: () => void;
  /** The app's first picture is on screen (proof of play counts it from here). */
  onPainted: () => void;
  onFailed: () => void;
};

export default function AppLayer({ item, style, onReady, onPainted, onFailed }: Props) {
  const app = item.media?.app;
  const failed = useRef(onFailed);
  failed.current = onFailed;
  const Renderer = app && isKind(app.kind) ? rendererOf(app.kind) : null;
  useEffect(() => {
    if (!Renderer) failed.current();
  }, [Renderer]);
  return (
    <div data-testid="player-app" data-app={app?.kind ?? ''} style={{ ...style, objectFit: undefined, background: 'none', overflow: 'hidden', containerType: 'size' }}>
      {Renderer && app && (
        <Calm onError={() => failed.current()}>
          <Suspense fallback={null}>
            <Renderer app={app} data={item.media?.appData ?? null} timeZone={item.timeZone} durationMs={item.durationMs}
              onReady={() => { onReady(); onPainted(); }} onFailed={() => failed.current()} />
          </Suspense>
        </Calm>
      )}
    </div>
  );
}

/** A renderer that throws (or whose chunk cannot load offline) leaves a calm blank. */
class Calm extends Component<{ onError: () => void; children: ReactNode }, { broken: boolean }> {
  constructor(props: { onError: () => void; children: ReactNode }) {
    super(props);
    // Not a class field: the build's target would add a helper shared with the first load.
    this.state = { broken: false };
  }
  static getDerivedStateFromError() {
    return { broken: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.broken ? null : this.props.children;
  }
}
