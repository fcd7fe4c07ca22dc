// The child side every bare baseline shares: listen on a free local port, tell the parent where
// (`info`), answer its other calls, and leave on SIGTERM.
import type { Server } from 'node:http';
import { serveRpc } from './serve-rpc.mjs';

type Handlers = Record<string, (args: never) => unknown>;

export async function serveHttp(http: Server, handlers: Handlers = {}, onTerm?: () => void): Promise<void> {
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveRpc({ info: () => ({ port, url: `http://127.0.0.1:${port}` }), ...handlers });
  process.once('SIGTERM', () => { onTerm?.(); process.exit(0); });
}
