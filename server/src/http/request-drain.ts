import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * Keeps track of the app's requests that have not finished, so shutdown lets them finish
 * (uploads included) before it closes their connections. Wraps the app's handler rather than
 * listening on the http server: socket.io takes its own requests (polling) before the app
 * sees them, so an idle long-poll never holds shutdown up.
 */
export type RequestDrain = {
  handler: RequestListener;
  readonly active: number;
  /**
   * From now on every answer closes its connection (a keep-alive client does not slip in
   * another request). Resolves true once no request is running, false if `timeoutMs` passed first.
   */
  drain: (timeoutMs: number) => Promise<boolean>;
};

export function createRequestDrain(app: (req: IncomingMessage, res: ServerResponse) => void): RequestDrain {
  const running = new Set<ServerResponse>();
  let draining = false;
  let wake: (() => void) | undefined;
  const closeAfter = (res: ServerResponse) => { if (!res.headersSent) res.setHeader('Connection', 'close'); };
  return {
    handler: (req, res) => {
      running.add(res);
      res.once('close', () => {
        running.delete(res);
        if (running.size === 0) wake?.();
      });
      if (draining) closeAfter(res);
      app(req, res);
    },
    get active() {
      return running.size;
    },
    drain: (timeoutMs) => {
      draining = true;
      running.forEach(closeAfter);
      if (running.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}
