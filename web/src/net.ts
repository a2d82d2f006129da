// The page's net functions (the host contract's netOpen, netSend,
// netReceive, netClose; docs/network.md): colyseus.js to the rooms server
// the page came from. The script polls; everything the network brings waits
// in a queue as the JSON lines netReceive hands out, so the script sees it
// on the frame after it came, as every host's script does. A dropped
// connection is taken back with Colyseus's reconnection token for as long as
// the room keeps the seat (60 s); the script hears ["away"] and ["back"].
// Each open is a generation of its own: nothing of a room the script left
// (a late "closed", a reconnection still trying) reaches it after netClose.
import type { Client, Room } from 'colyseus.js';
import type { Host } from '../../src/contract';
import { PROTOCOL_VERSION, ROOM_NAME } from '../../src/net/protocol';

export type NetFunctions = Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'>;

/** A host without a network: the headless host's stand-in, a page no rooms server serves. */
export const NO_NETWORK: NetFunctions & Pick<Host, 'typed'> = {
  netOpen: () => false,
  netSend: () => false,
  netReceive: () => null,
  netClose: () => {},
  typed: () => null, // and no keyboard's text: the replays press buttons only
};

/** Nearby rooms are between PSPs over ad hoc (docs/network.md): a page can neither host nor join one (caps.nearby false). */
export const NOT_NEARBY: Pick<Host, 'nearbyOpen' | 'nearbyReceive' | 'nearbySend' | 'nearbyPing' | 'nearbyClose'> = {
  nearbyOpen: () => false,
  nearbyReceive: () => null,
  nearbySend: () => false,
  nearbyPing: () => false,
  nearbyClose: () => {},
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
  /** The page's own address without its query (the room's link is it with ?room=CODE), '' for none. */
  page?: string;
  /** Shows where the player is: the room's link while in a room, the page's address after (the address bar). */
  showAddress?: (address: string) => void;
}

export function pageNet(opts: NetOptions): NetFunctions {
  const queue: string[] = [];
  const push = (...item: unknown[]): void => {
    if (queue.length < QUEUE_MAX) queue.push(JSON.stringify(item));
  };
  const invite = new URLSearchParams(opts.search).get('room');
  if (invite && /^[A-Z2-9]{4,12}$/.test(invite.toUpperCase())) push('invite', invite.toUpperCase());
  const load = opts.load ?? (() => import('colyseus.js'));
  const page = opts.page ?? '';
  let client: Client | null = null;
  let room: Room | null = null;
  /** The generation whose open is in flight (-1: none): one open at a time, but a left one does not hold the next up. */
  let opening = -1;
  /** The open's generation: what an older one (left, or replaced) still does is dropped. */
  let gen = 0;

  const listen = (r: Room, mine: number): void => {
    room = r;
    r.onMessage('*', (type, payload) => {
      if (mine === gen) push('m', type, payload ?? null);
    });
    r.onLeave((code) => {
      if (mine !== gen || room !== r) return;
      room = null;
      // 4000: the room closed after its last word; 4003: shown the door.
      if (code === 4000 || code === 4003) push('closed', code);
      else void comeBack(r.reconnectionToken, Date.now(), mine);
    });
  };

  const comeBack = async (token: string, since: number, mine: number): Promise<void> => {
    push('away');
    while (mine === gen && Date.now() - since < KEPT_MS) {
      try {
        const back = await client!.reconnect(token);
        if (mine !== gen) {
          void back.leave(true).catch(() => {});
          return;
        }
        listen(back, mine);
        push('back');
        return;
      } catch {
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
    if (mine === gen) push('closed', 'gone');
  };

  return {
    netOpen(request: string): boolean {
      if (opening === gen || room !== null) return false;
      let r: { op?: unknown; code?: unknown; name?: unknown; setup?: unknown };
      try {
        r = JSON.parse(request);
      } catch {
        return false;
      }
      if ((r.op !== 'create' && r.op !== 'join') || typeof r.name !== 'string') return false;
      const mine = ++gen;
      opening = mine;
      const options = { v: PROTOCOL_VERSION, name: r.name, ...(r.op === 'create' ? { setup: r.setup } : {}) };
      load()
        .then(({ Client }) => {
          client = client ?? new Client(opts.url);
          return r.op === 'create' ? client.create(ROOM_NAME, options) : client.joinById(String(r.code), options);
        })
        .then((joined) => {
          if (mine !== gen) {
            void joined.leave(true).catch(() => {});
            return;
          }
          listen(joined, mine);
          const link = page !== '' ? `${page}?room=${joined.roomId}` : '';
          if (link !== '') opts.showAddress?.(link);
          push('joined', joined.roomId, link);
        })
        .catch((e: unknown) => {
          if (mine === gen) push('closed', String((e as Error)?.message ?? e).slice(0, 120));
        })
        .finally(() => {
          if (opening === mine) opening = -1;
        });
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
      gen++;
      const r = room;
      room = null;
      if (r) void r.leave(true).catch(() => {});
      if (page !== '') opts.showAddress?.(page);
    },
  };
}
