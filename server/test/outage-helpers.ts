import { spawn, type ChildProcess } from 'node:child_process';
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

/** Waits (bounded) until something accepts connections on the port. */
async function untilAccepting(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const socket = net.connect(port, '127.0.0.1');
    const ok = await new Promise<boolean>((resolve) => { socket.once('connect', () => resolve(true)); socket.once('error', () => resolve(false)); });
    socket.destroy();
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing accepts connections on port ${port}`);
}

/** A redis-server of the test's own on a free port (never the shared one), to stop and start again. */
export async function ownRedis() {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await untilAccepting(port).catch((err: unknown) => { proc?.kill('SIGKILL'); throw err; });
  };
  const stop = async () => {
    if (!proc || proc.exitCode !== null) return;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
