// One Pano API instance, exactly as `npm start` boots it: startServer(loadConfig(env)) from the
// compiled server in server/dist (the bench run builds it when stale), in a process without the
// tsx loader (children.ts forks .mjs children plain), since the loader's module hooks alone
// doubled the boot time that P4 measures.
import { serveRpc } from '../lib/serve-rpc.mjs';

const dist = new URL('../../../server/dist/', import.meta.url);
/** @type {typeof import('../../../server/src/config/env.js')} */
const { loadConfig } = await import(new URL('env.js', dist).href);
/** @type {typeof import('../../../server/src/server.js')} */
const { startServer } = await import(new URL('server.js', dist).href);
const server = await startServer(loadConfig(process.env));
const address = server.http.address();
const port = typeof address === 'object' && address ? address.port : 0;

/** @type {Promise<void> | undefined} */
let stopping;
const stop = () => (stopping ??= server.stop());

serveRpc({
  info: () => ({ port, url: `http://127.0.0.1:${port}` }),
  stop: async () => { await stop(); setTimeout(() => process.exit(0), 10); },
});
process.once('SIGTERM', () => { void stop().finally(() => process.exit(0)); });
