// One Pano API instance, exactly as `npm start` boots it (startServer(loadConfig(env))), from
// the compiled server in server/dist that npm start runs (the bench run builds it when stale).
import { serveRpc } from '../lib/serve-rpc.js';

const dist = new URL('../../../server/dist/', import.meta.url);
const { loadConfig } = await import(new URL('env.js', dist).href) as typeof import('../../../server/src/config/env.js');
const { startServer } = await import(new URL('server.js', dist).href) as typeof import('../../../server/src/server.js');
const server = await startServer(loadConfig(process.env));
const address = server.http.address();
const port = typeof address === 'object' && address ? address.port : 0;

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= server.stop());

serveRpc({
  info: () => ({ port, url: `http://127.0.0.1:${port}` }),
  stop: async () => { await stop(); setTimeout(() => process.exit(0), 10); },
});
process.once('SIGTERM', () => { void stop().finally(() => process.exit(0)); });
