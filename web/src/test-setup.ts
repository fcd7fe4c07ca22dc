import { afterAll, afterEach, beforeEach } from 'vitest';
import { configure } from '@testing-library/dom';
import { useDialogStore } from './components/ui/dialog-store';
import { apiServer, takeUnhandledRequests } from './testing/api-server';
import { stopWatchingContractMismatches, watchContractMismatches } from './testing/contract-guard';

// findBy* and waitFor wait for a condition, 1 s by default. On a busy 2-core machine a page's
// lazily imported code (the delete confirmation's schemas, a route's chunk) can take longer to
// arrive in jsdom, and the wait gave up before the condition could hold
// (docs/architecture/tests.md#tests). A condition still has to hold; only the patience grows.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but not its showModal() and close(). The dashboard's modals are native
// dialogs (components/ui/modal.tsx); what the browser adds to them (the inert page behind, Tab
// kept inside, Escape) is checked in Chromium (e2e/tests/content.test.ts). Here a modal only has
// to open and close, as its `open` attribute and `close` event tell.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// vitest hands a jsdom Blob to Node's Request by reading jsdom's inner `_buffer`, which jsdom 29
// renamed `_bytes`: a file the page sends with XMLHttpRequest (tus-js-client's chunks,
// docs/PRODUCT.md#media) reached the fake API as the word 'undefined'. The old name reads the new.
if (typeof Blob !== 'undefined') {
  const inner = Object.getOwnPropertySymbols(Object.getOwnPropertyDescriptors(new Blob()))[0];
  const impl = inner ? (new Blob() as unknown as Record<symbol, object>)[inner] : undefined;
  const proto = impl ? Object.getPrototypeOf(impl) as object : undefined;
  if (proto && !('_buffer' in proto)) {
    Object.defineProperty(proto, '_buffer', { configurable: true, get(this: { _bytes?: Uint8Array }) { return this._bytes; } });
  }
}

// Test files share a worker's modules (web/vitest.config.ts `isolate: false`): a file that ends
// with an alert still open (its promise never answered) leaves it in the dialog store, where the
// next file's DialogHost would show it. Each file starts with no dialog, as in a fresh process.
// Likewise a file that signed in through the page (a login, a company sign-in) leaves its token
// in storage: the next file's pages would open the dashboard's socket with it, and a test that
// moves a fake clock by a day would spin through its reconnects for a minute.
afterAll(() => {
  useDialogStore.setState({ current: null, queue: [] });
  localStorage.clear();
  sessionStorage.clear();
});

// A request the fake API has no handler for, or an answer that does not match its contract
// schema, fails the test that made it, even when the test never looks at the error the page
// then shows (testing/api-server.ts, testing/contract-guard.ts).
beforeEach(() => {
  watchContractMismatches();
});
afterEach(() => {
  // A test's own handlers (`apiServer.use`) end with it; the defaults stay.
  apiServer.resetHandlers();
  const problems = [
    ...takeUnhandledRequests().map((request) => `No handler of the fake API answered ${request}`),
    ...stopWatchingContractMismatches(),
  ];
  if (problems.length > 0) throw new Error(`The test's fake API went wrong:\n${problems.join('\n')}`);
});
