// A TCP proxy on 127.0.0.1 that delays each direction by a latency and a
// jitter drawn per chunk, keeping the byte stream's order (what arrives
// late holds back what follows, as on a TCP connection): a player's network
// for the tests that play whole games against the server.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface Delay {
  latency: number;
  jitter: number;
}

export async function delayingProxy(target: number, delay: Delay, random: () => number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    sockets.add(inbound).add(outbound);
    pipe(inbound, outbound, delay, random);
    pipe(outbound, inbound, delay, random);
    const end = (): void => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('close', end).on('error', end);
    outbound.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

function pipe(from: Socket, to: Socket, delay: Delay, random: () => number): void {
  let last = 0;
  from.on('data', (chunk) => {
    const at = Math.max(last, Date.now() + delay.latency + (random() * 2 - 1) * delay.jitter);
    last = at;
    setTimeout(() => to.writable && to.write(chunk), at - Date.now());
  });
}
