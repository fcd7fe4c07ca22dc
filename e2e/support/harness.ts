import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, watchPage } from './browser';
import { startServer, type RunningServer } from './server';

export type E2E = {
  server: RunningServer;
  browser: Browser;
  /** A fresh context (no localStorage) and page; closed after the file. */
  newPage: (viewport?: { width: number; height: number }) => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
};

/**
 * One real server (fresh embedded database) and one Chromium per test file. `serverEnv`: settings
 * of the server for this file, e.g. FETCH_ALLOW_PRIVATE=1 for a test site on 127.0.0.1.
 */
export function useE2E(serverEnv: Record<string, string> = {}): E2E {
  const state = {} as E2E;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    state.server = await startServer(serverEnv);
    state.browser = await launchBrowser();
    state.newPage = async (viewport = DESKTOP) => {
      const context = await newContext(state.browser, state.server.url, viewport);
      contexts.push(context);
      const page = await context.newPage();
      const { errors } = watchPage(page);
      return { page, context, errors };
    };
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await state.browser?.close().catch(() => undefined);
    await state.server?.stop();
  });
  return new Proxy(state, { get: (t, k) => t[k as keyof E2E] }) as E2E;
}
