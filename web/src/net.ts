// The page's net functions (the host contract's netOpen, netSend,
// netReceive, netClose; docs/network.md): colyseus.js to the rooms server
// the page came from. The script polls; everything the network brings waits
// in a queue as the JSON lines netReceive hands out, so the script sees it
// on the frame after it came, as every host's script does. A dropped
// connection is taken back with Colyseus's reconnection token for as long as
// the room keeps the seat (60 s); the script hears ["away"] and ["back"].
import type { Client, Room } from 'colyseus.js';
import type { Host } from '../../src/contract';
import { PROTOCOL_VERSION, ROOM_NAME } from '../../src/net/protocol';

export type NetFunctions = Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'>;

/** A host without a network: the headless host's stand-in, a page no rooms server serves. */
export const NO_NETWORK: NetFunctions = {
  netOpen: () => false,
  netSend: () => false,
  netReceive: () => null,
  netClose: () => {},
};

/** How long the room keeps a dropped seat (server/room.ts RECONNECT_S), and how often to try again meanwhile (ms). */
const KEPT_MS = 60_000;
const RETRY_MS = 2000;
/** Messages kept for the script at most: a script that stops polling does not fill the memory. */
const QUEUE_MAX = 2000;

export interface NetOptions {
  /** The rooms server: ws://host:port or wss://... */
  url: string;
  /** The page's query string: ?room=CODE is an invitation. */
  search: string;
  /** colyseus.js, loaded when first needed (the page's first frame does not wait for it). */
  load?: () => Promise<{ Client: typeof Client }>;
}

export function pageNet(opts: NetOptions): NetFunctions {
  const queue: string[] = [];
  const push = (...item: unknown[]): void => {
    if (queue.length < QUEUE_MAX) queue.push(JSON.stringify(item));
  };
  const invite = new URLSearchParams(opts.search).get('room');
  if (invite && /^[A-Z2-9]{4,12}$/.test(invite.toUpperCase())) push('invite', invite.toUpperCase());
  const load = opts.load ?? (() => import('colyseus.js'));
  let client: Client | null = null;
  let room: Room | null = null;
  let busy = false;
  let leaving = false;

  const listen = (r: Room): void => {
    room = r;
    r.onMessage('*', (type, payload) => push('m', type, payload ?? null));
    r.onLeave((code) => {
      if (room !== r) return;
      room = null;
      // 4000: a leave on purpose (ours, or the room closing after its last word).
      if (leaving || code === 4000 || code === 4003) push('closed', code);
      else void comeBack(r.reconnectionToken, Date.now());
    });
  };

  const comeBack = async (token: string, since: number): Promise<void> => {
    push('away');
    while (!leaving && Date.now() - since < KEPT_MS) {
      try {
        listen(await client!.reconnect(token));
        push('back');
        return;
      } catch {
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
    if (!leaving) push('closed', 'gone');
  };

  return {
    netOpen(request: string): boolean {
      if (busy || room !== null) return false;
      let r: { op?: unknown; code?: unknown; name?: unknown; setup?: unknown };
      try {
        r = JSON.parse(request);
      } catch {
        return false;
      }
      if ((r.op !== 'create' && r.op !== 'join') || typeof r.name !== 'string') return false;
      busy = true;
      leaving = false;
      const options = { v: PROTOCOL_VERSION, name: r.name, ...(r.op === 'create' ? { setup: r.setup } : {}) };
      load()
        .then(({ Client }) => {
          client = client ?? new Client(opts.url);
          return r.op === 'create' ? client.create(ROOM_NAME, options) : client.joinById(String(r.code), options);
        })
        .then((joined) => {
          listen(joined);
          push('joined', joined.roomId);
        })
        .catch((e: unknown) => push('closed', String((e as Error)?.message ?? e).slice(0, 120)))
        .finally(() => (busy = false));
      return true;
    },
    netSend(message: string): boolean {
      if (room === null) return false;
      try {
        const [type, payload] = JSON.parse(message) as [number, unknown];
        room.send(type, payload);
        return true;
      } catch {
        return false;
      }
    },
    netReceive: () => queue.shift() ?? null,
    netClose(): void {
      leaving = true;
      const r = room;
      room = null;
      if (r) void r.leave(true).catch(() => {});
    },
  };
}
