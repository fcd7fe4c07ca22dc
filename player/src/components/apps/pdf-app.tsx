import { useEffect, useRef, useState } from 'react';
import { pageDurationMs } from '../../playback/play-items.js';
import type { AppProps } from './app-common.js';

/*
 * A PDF document (docs/PRODUCT.md#apps): its pages, pictures the server made at upload, each on
 * screen for the item's duration in turn (the item lasts that long once per page, play-items.ts).
 * The page after the one on screen is already in the page, invisible, so it is decoded before its
 * turn; should it still be loading then, the page on screen stays until it has loaded: no blank
 * frame between pages. Pages are fitted like an image (contain; a layout zone's fit, layout-stage.tsx).
 */

const pageStyle: React.CSSProperties = {
  position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain',
};

export default function PdfApp({ app, durationMs, onReady, onFailed }: AppProps<'pdf'>) {
  const { pages } = app;
  const pageMs = pageDurationMs(durationMs, pages.length);
  /** The page on screen; -1 until the first has loaded. */
  const [shown, setShown] = useState(-1);
  /** The page whose turn has come. */
  const [due, setDue] = useState(0);
  const loaded = useRef(new Set<number>());
  /** When the first page appeared: every later page's turn is counted from it, so none drifts. */
  const startedAt = useRef(0);

  useEffect(() => {
    if (shown < 0 || shown + 1 >= pages.length) return;
    const timer = setTimeout(() => setDue(shown + 1), Math.max(0, startedAt.current + (shown + 1) * pageMs - Date.now()));
    return () => clearTimeout(timer);
  }, [shown, pages.length, pageMs]);

  useEffect(() => {
    if (due > shown && loaded.current.has(due)) setShown(due);
  }, [due, shown]);

  const load = (page: number) => {
    loaded.current.add(page);
    if (page === 0 && shown < 0) {
      startedAt.current = Date.now();
      setShown(0);
      onReady();
    } else if (page === due && page > shown) {
      setShown(page);
    }
  };
  // The first page missing (offline and never cached) is a calm blank; a later one keeps the page before.
  const fail = (page: number) => {
    if (page === 0 && shown < 0) onFailed();
  };

  const mounted = shown < 0 ? [0] : [shown, shown + 1].filter((page) => page < pages.length);
  return (
    <>
      {mounted.map((page) => (
        <img key={page} src={pages[page]} alt="" data-testid="pdf-page" data-page={page + 1}
          style={{ ...pageStyle, opacity: page === shown ? 1 : 0 }} onLoad={() => load(page)} onError={() => fail(page)} />
      ))}
    </>
  );
}
