import { useEffect, useRef } from 'react';
import type { AppProps } from './app-common.js';

/**
 * A live HLS stream (docs/PRODUCT.md#apps), always muted: natively where the browser plays HLS
 * itself, else through hls.js, loaded only here (a chunk of its own). A stream that cannot play
 * is a calm blank, reported as failed.
 */
export default function StreamApp({ app, onReady, onFailed }: AppProps<'stream'>) {
  const ref = useRef<HTMLVideoElement>(null);
  const ready = useRef(onReady);
  const failed = useRef(onFailed);
  ready.current = onReady;
  failed.current = onFailed;
  useEffect(() => {
    const video = ref.current!;
    video.muted = true;
    let destroy = () => {};
    let gone = false;
    const play = () => void (video.play() as Promise<void> | undefined)?.catch(() => {});
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = app.url;
      play();
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (gone) return;
        if (!Hls.isSupported()) return failed.current();
        const hls = new Hls({ enableWorker: false });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) failed.current();
        });
        hls.loadSource(app.url);
        hls.attachMedia(video);
        play();
      }, () => failed.current());
    }
    return () => {
      gone = true;
      destroy();
    };
  }, [app.url]);
  return (
    <video ref={ref} muted playsInline autoPlay data-testid="stream-app" onLoadedData={() => ready.current()} onError={() => failed.current()}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', background: 'none' }} />
  );
}
