import { ConfigError } from './config/env.js';
import { StartupError } from './config/startup-checks.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import type { Logger } from './logger.js';

/**
 * A start that cannot succeed for a reason the operator can fix is said in Turkish, without a
 * stack trace, and the process exits 1. Anything else is a bug and keeps its stack.
 */
export function exitIfStartupError(err: unknown): void {
  if (!(err instanceof ConfigError || err instanceof StartupError || err instanceof DataDirBusyError)) return;
  console.error(`\n  Pano başlatılamadı: ${err.message}\n`);
  process.exit(1);
}

/** Runs `main`; a startup error the operator can fix ends the process as exitIfStartupError says. */
export async function startOrExit<T>(main: () => Promise<T>): Promise<T> {
  try {
    return await main();
  } catch (err) {
    exitIfStartupError(err);
    throw err;
  }
}

type ShutdownOptions = {
  /** Names the process in its log lines. */
  what: 'server' | 'worker';
  /** Drains and closes everything; the process exits 0 once it resolves. */
  stop: () => Promise<void>;
  logger: Logger;
  /** SHUTDOWN_TIMEOUT_S; stop gets this long plus a margin before the process ends regardless. */
  timeoutMs: number;
};

const HARD_EXIT_MARGIN_MS = 10_000;

/**
 * SIGTERM (container runtime, systemd, npm passing it on) and SIGINT (Ctrl-C) stop the process
 * gracefully, once: the same signal often arrives twice (a terminal's Ctrl-C reaches npm and
 * node, and npm forwards its own copy), so a repeat is not taken as "kill now". Call this
 * first thing, so a signal during boot is kept and acted on as soon as `stop` is given.
 */
export function handleShutdownSignals(): { ready: (opts: ShutdownOptions) => void } {
  let received: NodeJS.Signals | undefined;
  let opts: ShutdownOptions | undefined;
  let started = false;
  const begin = () => {
    if (started || !received || !opts) return;
    started = true;
    const { what, stop, logger, timeoutMs } = opts;
    logger.info({ signal: received, timeoutS: timeoutMs / 1000 }, `${what} shutting down`);
    setTimeout(() => {
      logger.error({ afterS: (timeoutMs + HARD_EXIT_MARGIN_MS) / 1000 }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, timeoutMs + HARD_EXIT_MARGIN_MS).unref();
    stop().then(() => {
      logger.info(`${what} stopped`);
      process.exit(0);
    }, (err: unknown) => {
      logger.error({ err }, `${what} shutdown failed`);
      process.exit(1);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      received ??= signal;
      begin();
    });
  }
  return {
    ready: (o) => {
      opts = o;
      begin();
    },
  };
}

/** Waits for `work` at most `ms`; says whether it finished. */
export async function finishesWithin(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
