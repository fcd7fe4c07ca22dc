import net from 'node:net';
import { once } from 'node:events';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A TCP relay in front of a real server, which a test can cut and restore: to the client
 * it looks like the server went down (every connection dropped, new ones refused) and came
 * back on the same address.
 */
export async function tcpRelay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const track = (s: net.Socket) => { sockets.add(s); s.once('close', () => sockets.delete(s)); s.on('error', () => s.destroy()); };

  const up = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  const down = async () => {
    const closed = server ? new Promise((resolve) => server!.close(resolve)) : Promise.resolve();
    for (const s of sockets) s.destroy();
    await closed;
    server = undefined;
  };
  await up();
  return { port, up, down };
}
