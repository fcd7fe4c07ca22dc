import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

/** A promise and the function that settles it, for work the test finishes by hand. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('InFlight.settled', () => {
  it('waits for the work running and the work it starts, and leaves emits open', async () => {
    const inFlight = new InFlight();
    const first = deferred();
    const second = deferred();
    const done: string[] = [];
    // Like a disconnect whose health push is tracked only once the presence change is done.
    void inFlight.track(first.promise.then(() => {
      void inFlight.track(second.promise.then(() => { done.push('second'); }));
      done.push('first');
    }));
    let settled = false;
    const waiting = inFlight.settled().then(() => { settled = true; });

    first.resolve();
    // Every microtask the first work's end queued has run once a macrotask comes round.
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['first']);
    expect(settled).toBe(false);
    second.resolve();
    await waiting;
    expect(done).toEqual(['first', 'second']);
    expect(inFlight.isClosing).toBe(false);
  });

  it('resolves at once with nothing running, and after a failure too', async () => {
    const inFlight = new InFlight();
    await inFlight.settled();
    void inFlight.track(Promise.reject(new Error('boom'))).catch(() => {});
    await expect(inFlight.settled()).resolves.toBeUndefined();
  });
});
