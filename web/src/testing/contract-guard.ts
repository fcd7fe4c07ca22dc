/**
 * Answers a test stub gives must match their contract schema (docs/CONTRACT.md#reading-an-answer).
 * One that does not makes the page show 'Sunucudan beklenmeyen bir yanıt geldi', which a test
 * looking elsewhere never sees: it passed on a page that had failed. The api client says every
 * mismatch in the console (`badAnswer` in lib/api-client.ts); `web/src/test-setup.ts` watches
 * the console around each test and fails the test that caused one.
 *
 * A test that means to send a mismatch takes the console message itself
 * (`vi.spyOn(console, 'error').mockImplementation(…)`, as lib/api-client.test.ts does), so the
 * message never reaches this watch.
 */

/** The words `badAnswer` writes after the path. */
const MISMATCH = 'the answer does not match its contract schema';

/**
 * One wrapper of console.error per worker, put in place once: test files share the worker's
 * console (web/vitest.config.ts `isolate: false`), and a spy a test restores late would put back
 * an earlier wrapper, which would then note each message a second time.
 */
type Watch = { on: boolean; seen: string[] };
const KEY = Symbol.for('pano.contractGuard');
const holder = globalThis as { [KEY]?: Watch };
const watch: Watch = holder[KEY] ?? install();

function install(): Watch {
  const state: Watch = { on: false, seen: [] };
  const pass = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (state.on && typeof args[0] === 'string' && args[0].includes(MISMATCH)) state.seen.push(args[0]);
    pass(...args);
  };
  holder[KEY] = state;
  return state;
}

/** Starts noting mismatches; the console still prints them. */
export function watchContractMismatches() {
  watch.on = true;
  watch.seen = [];
}

/** The mismatches noted since the watch started or since the last take, and forgets them. */
export function takeContractMismatches(): string[] {
  const taken = watch.seen;
  watch.seen = [];
  return taken;
}

/** Stops noting and gives what was noted. */
export function stopWatchingContractMismatches(): string[] {
  watch.on = false;
  return takeContractMismatches();
}
