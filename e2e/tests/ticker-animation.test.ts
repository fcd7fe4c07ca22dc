import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';

// The player's ticker strip in Chromium (player/src/playback/ticker-motion.ts `scrollStrip`): a
// transform animation the compositor runs, so no script writes the strip in any frame; a new
// speed or width goes on from where the text is (docs/PERFORMANCE.md#layout-playback-p15).

const SOURCE = path.resolve(import.meta.dirname, '../../player/src/playback/ticker-motion.ts');
const WIDTH = 1200; // one copy of the texts, px
const SPEED = 3; // 300 px/s

type Probe = {
  /** The strip's offset as drawn (computed transform), px. */
  offset(): number;
  /** The running animation paused at `ms` after its start (or its place now), and how many run. */
  pauseAt(ms?: number): { running: number; time: number };
  retime(change: { speed?: number; width?: number }): void;
  stop(): void;
  inline(): string;
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The module as the player bundles it, exposed to the page.
  const bundle = await build({ entryPoints: [SOURCE], bundle: true, format: 'iife', globalName: 'tickerMotion', write: false, target: 'es2022' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 200 } });
  await page.setContent('<div id="bar" style="overflow:hidden;width:1280px;height:50px"><div id="strip" style="display:flex;will-change:transform;transform:translate3d(0px,0,0)"></div></div>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  await page.evaluate(({ width, speed }) => {
    type Scroll = { retime(change: { width?: number; speed?: number }): void; stop(): void };
    const { scrollStrip } = (window as unknown as { tickerMotion: { scrollStrip: (el: HTMLElement, speed: number) => Scroll } }).tickerMotion;
    const strip = document.getElementById('strip')!;
    const scroll = scrollStrip(strip, speed);
    scroll.retime({ width });
    const probe: Probe = {
      offset: () => new DOMMatrixReadOnly(getComputedStyle(strip).transform).m41,
      pauseAt: (ms) => {
        const running = strip.getAnimations();
        running[0]?.pause();
        if (ms !== undefined && running[0]) running[0].currentTime = ms;
        return { running: running.length, time: Number(running[0]?.currentTime ?? 0) };
      },
      retime: (change) => scroll.retime(change),
      stop: () => scroll.stop(),
      inline: () => strip.style.transform,
    };
    (window as unknown as { probe: Probe }).probe = probe;
  }, { width: WIDTH, speed: SPEED });
});

afterAll(async () => {
  await browser?.close();
});

const probe = <T>(fn: (p: Probe) => T): Promise<T> => page.evaluate(`(${fn.toString()})(window.probe)`) as Promise<T>;

describe('the ticker strip as a Web Animation', () => {
  it('moves by itself: its drawn offset changes while its inline transform is never written', async () => {
    const inline = await probe((p) => p.inline());
    const first = await probe((p) => p.offset());
    await page.waitForFunction((was) => new DOMMatrixReadOnly(getComputedStyle(document.getElementById('strip')!).transform).m41 !== was, first);
    expect(await probe((p) => p.inline())).toBe(inline);
    expect(await probe((p) => p.pauseAt().running)).toBe(1);
  });

  it('scrolls speed × 100 px per second and wraps after one copy', async () => {
    await probe((p) => p.pauseAt(1000));
    expect(await probe((p) => p.offset())).toBeCloseTo(-300, 0);
    await probe((p) => p.pauseAt(3000));
    expect(await probe((p) => p.offset())).toBeCloseTo(-900, 0);
    // 4.5 s is 1,350 px: one copy (1,200) and 150 px into the next, drawn the same.
    await probe((p) => p.pauseAt(4500));
    expect(await probe((p) => p.offset())).toBeCloseTo(-150, 0);
  });

  it('a new speed goes on from where the text is, at the new speed', async () => {
    await probe((p) => p.pauseAt(2000)); // -600 px
    // Paused in the same task: the timeline has not moved on since.
    const after = await probe((p) => {
      p.retime({ speed: 5 });
      return p.pauseAt();
    });
    expect(after.running).toBe(1);
    expect(await probe((p) => p.offset())).toBeCloseTo(-600, 0);
    // 500 px/s from there: 0.2 s later it is 100 px further.
    await probe((p) => p.pauseAt(p.pauseAt().time + 200));
    expect(await probe((p) => p.offset())).toBeCloseTo(-700, 0);
  });

  it('a new width (the texts measured again) keeps the place; stop leaves no animation', async () => {
    await probe((p) => p.retime({ speed: 3, width: 1200 }));
    await probe((p) => p.pauseAt(1000)); // -300 px
    await probe((p) => {
      p.retime({ width: 2000 });
      p.pauseAt();
    });
    expect(await probe((p) => p.offset())).toBeCloseTo(-300, 0);
    await probe((p) => p.stop());
    expect(await probe((p) => p.pauseAt().running)).toBe(0);
  });
});
