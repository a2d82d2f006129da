// A TCP proxy on 127.0.0.1 that delays each direction by a latency and a
// jitter drawn per chunk, keeping the byte stream's order (what arrives
// late holds back what follows, as on a TCP connection): a player's network
// for the tests that play whole games against the server.
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface Delay {
  latency: number;
  jitter: number;
}

export interface Proxy {
  port: number;
  /** Cuts every connection through it (a network switch, a phone locked), still taking new ones. */
  cut(): void;
  /** While true, a new connection is closed at once (a network that stays down). */
  refusing: boolean;
  close(): Promise<void>;
}

export async function delayingProxy(target: number, delay: Delay, random: () => number): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const state = { refusing: false };
  const server: Server = createServer({ allowHalfOpen: true }, (inbound) => {
    if (state.refusing) {
      inbound.destroy();
      return;
    }
    const outbound = connect({ port: target, host: '127.0.0.1', allowHalfOpen: true });
    sockets.add(inbound).add(outbound);
    // Each side's end reaches the other after what it sent (an HTTP response the server closes comes whole).
    pipe(inbound, outbound, delay, random);
    pipe(outbound, inbound, delay, random);
    const gone = (): void => {
      inbound.destroy();
      outbound.destroy();
      sockets.delete(inbound);
      sockets.delete(outbound);
    };
    inbound.on('error', gone);
    outbound.on('error', gone);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    get refusing() {
      return state.refusing;
    },
    set refusing(on: boolean) {
      state.refusing = on;
    },
    cut: () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/**
 * One direction: each chunk goes on at its own time, in the order it came
 * (one queue and one timer: Node's timers of different lengths due in the
 * same millisecond may fire in either order), and the end after the last.
 */
function pipe(from: Socket, to: Socket, delay: Delay, random: () => number): void {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const flush = (): void => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0]!.at <= now) {
      const { chunk } = queue.shift()!;
      if (chunk === null) to.end();
      else if (to.writable) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.at - now);
  };
  const add = (chunk: Buffer | null): void => {
    last = Math.max(last, chunk === null ? last : Date.now() + delay.latency + (random() * 2 - 1) * delay.jitter);
    queue.push({ at: last, chunk });
    if (timer === null) timer = setTimeout(flush, Math.max(0, last - Date.now()));
  };
  from.on('data', (chunk: Buffer) => add(chunk));
  from.on('end', () => add(null));
  from.on('close', () => add(null));
}
