// One Pano API instance, exactly as `npm start` boots it (startServer(loadConfig(env))).
import { loadConfig } from '../../../server/src/config/env.js';
import { startServer } from '../../../server/src/server.js';
import { serveRpc } from '../lib/serve-rpc.js';

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
