// The tests' stand-in for the PSPs' C and the ad-hoc air between them: the
// host contract's nearby functions (the hosting PSP's) and net functions
// with "via":"nearby" (a joining PSP's), in memory, exactly as the
// interface between the script and the C fixes them (docs/network.md, "Two
// PSPs without a server"): lines carried one way in `LINK_MS` of the test's
// clock, peers numbered 1..7 per PSP (its MAC) for the hosting session, a
// ping answered by the joiner's C at once, a closed line ending that link,
// a link dropped ("gone" at the host, "away" at the joiner) and back, the
// hosting PSP asleep and awake (its C's psp_nearby_woke, native/core/net/
// nearby.c nearby_host_woke). A hostile joiner is a PSP whose lines the
// test writes itself (`psp`).
import type { Host } from '../../src/contract';

/** One way through the air (ms of the test's clock). */
export const LINK_MS = 20;

/** The C's times (native/core/net/nearby.h, room.h): a joiner's link silent this long is lost; a lost
 * joiner tries again every NET_RETRY_MS and gives up after NET_KEPT_MS; a hosting PSP asleep this long ends its room. */
export const NEARBY_SILENCE_MS = 6000;
const NET_RETRY_MS = 2000;
export const NET_KEPT_MS = 60000;
export const NEARBY_SLEEP_KEPT_MS = 45000;

type NearbyHost = Pick<Host, 'nearbyOpen' | 'nearbyReceive' | 'nearbySend' | 'nearbyPing' | 'nearbyClose'>;
type JoinerNet = Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'>;

interface InFlight {
  at: number;
  deliver: () => void;
}

/** A joining PSP as the air knows it: its MAC, its peer number at the host, whether its link is up, what its C has for its script. */
export class Joiner {
  peer = 0;
  linked = false;
  /** The link is cut (dropLink): nothing crosses until restoreLink. */
  cut = false;
  /** Lines its netReceive hands its script, oldest first. */
  readonly lines: string[] = [];
  /** Every line the host sent it, as sent (a hostile joiner's test reads them). */
  readonly got: unknown[][] = [];
  constructor(
    private readonly air: Air,
    readonly mac: string,
  ) {}

  /** The joiner's host functions for its script (netOpen with "via":"nearby" and the rest). */
  net(): JoinerNet {
    return {
      netOpen: (request) => {
        const r = JSON.parse(request) as { via?: string; code?: string };
        if (r.via !== 'nearby' || this.linked) return false;
        this.air.connect(this, String(r.code), request);
        return true;
      },
      netSend: (message) => this.send(message),
      netReceive: () => this.lines.shift() ?? null,
      netClose: () => this.air.bye(this),
    };
  }

  /** What its script's netSend does: the message to the host, as its C carries it (MSG). */
  send(message: string): boolean {
    if (!this.linked) return false;
    this.air.toHost(this, ['m', this.peer, message]);
    return true;
  }
}

export class Air {
  now = 0;
  private readonly flying: InFlight[] = [];
  /** The hosting PSP's group (its code) and what its nearbyReceive hands its script. */
  group: string | null = null;
  readonly hostLines: string[] = [];
  private readonly joiners = new Map<number, Joiner>();
  private readonly peersByMac = new Map<string, number>();
  /** Every nearbySend the host made: [peer, line]. */
  readonly sent: [number, string][] = [];
  /** The hosting PSP fell asleep then (air ms), null while it is awake. */
  private asleepAt: number | null = null;

  /** A PSP that joins through this air. */
  psp(mac: string): Joiner {
    return new Joiner(this, mac);
  }

  /** The hosting PSP's nearby functions. */
  host(): NearbyHost {
    return {
      nearbyOpen: (code) => {
        if (this.group !== null) return false;
        this.group = code;
        this.later(() => this.hostLines.push(JSON.stringify(['open'])));
        return true;
      },
      nearbyReceive: () => this.hostLines.shift() ?? null,
      nearbySend: (peer, line) => {
        const j = this.joiners.get(peer);
        this.sent.push([peer, line]);
        if (!j || !j.linked || j.cut) return false;
        const item = JSON.parse(line) as unknown[];
        this.later(() => {
          if (j.cut) return;
          j.got.push(item);
          j.lines.push(line);
        });
        // A closed line ends that link: the C lets it go after the line.
        if (item[0] === 'closed') j.linked = false;
        return true;
      },
      nearbyPing: (peer) => {
        const j = this.joiners.get(peer);
        if (!j || !j.linked || j.cut) return false;
        // The joiner's C answers at once, its script never sees it.
        this.later(() => this.toHost(j, ['pong', peer]), 2 * LINK_MS);
        return true;
      },
      nearbyClose: () => {
        this.group = null;
        for (const j of this.joiners.values()) {
          if (!j.linked || j.cut) continue;
          j.linked = false;
          this.later(() => j.lines.push(JSON.stringify(['closed', 'host left'])));
        }
      },
    };
  }

  /** A joiner's C joins group "R"+code, finds its host, PTP-connects and sends its HELLO. */
  connect(j: Joiner, code: string, request: string): void {
    if (this.group !== code) {
      this.later(() => j.lines.push(JSON.stringify(['closed', `no room ${code} nearby`])));
      return;
    }
    let peer = this.peersByMac.get(j.mac);
    if (peer === undefined) {
      peer = this.peersByMac.size + 1;
      this.peersByMac.set(j.mac, peer);
    }
    j.peer = peer;
    j.linked = true;
    j.cut = false;
    this.joiners.set(peer, j);
    this.toHost(j, ['hello', peer, request]);
  }

  /** netClose: the joiner leaves (its BYE); the host hears the link gone. */
  bye(j: Joiner): void {
    if (!j.linked) return;
    j.linked = false;
    if (!j.cut) this.toHost(j, ['gone', j.peer]);
  }

  toHost(j: Joiner, item: unknown[]): void {
    const line = JSON.stringify(item);
    this.later(() => {
      if (item[0] === 'gone' || item[0] === 'back' || (j.linked && !j.cut)) this.hostLines.push(line);
    });
  }

  /** The link drops: whatever is in the air is lost, the host hears "gone", the joiner's C says "away". */
  dropLink(j: Joiner): void {
    j.cut = true;
    this.hostLines.push(JSON.stringify(['gone', j.peer]));
    j.lines.push(JSON.stringify(['away']));
  }

  /**
   * The hosting PSP sleeps (its Wi-Fi off): nothing crosses to or from it;
   * each joiner in its room hears silence: after NEARBY_SILENCE_MS its C
   * says "away" and looks for the host (its script's messages meanwhile are
   * lost), and gives up NET_KEPT_MS later unless the host took it back.
   */
  sleepHost(): void {
    const at = this.now;
    this.asleepAt = at;
    for (const j of this.joiners.values()) {
      if (!j.linked || j.cut) continue;
      j.cut = true;
      this.later(() => {
        if (this.asleepAt === at && j.linked && j.cut) j.lines.push(JSON.stringify(['away']));
      }, NEARBY_SILENCE_MS);
      this.later(() => {
        if (!j.linked || !j.cut) return;
        j.linked = false;
        j.lines.push(JSON.stringify(['closed', 'gone']));
      }, NEARBY_SILENCE_MS + NET_KEPT_MS);
    }
  }

  /**
   * The hosting PSP wakes, its links dead. Slept less than
   * NEARBY_SLEEP_KEPT_MS: its C says "gone" for each PSP in the room (and
   * listens again); a joiner not yet away is now (its link ends under it);
   * each links again at its next try: "back" at both ends. Longer: the host
   * hears its room closed and leaves the group (the joiners give up by themselves).
   */
  wakeHost(): void {
    const at = this.asleepAt;
    if (at === null) return;
    this.asleepAt = null;
    if (this.now - at >= NEARBY_SLEEP_KEPT_MS) {
      this.group = null;
      this.hostLines.push(JSON.stringify(['closed', 'this PSP slept: its nearby room has ended']));
      return;
    }
    for (const j of this.joiners.values()) {
      if (!j.linked || !j.cut) continue;
      if (this.now < at + NEARBY_SILENCE_MS) j.lines.push(JSON.stringify(['away']));
      this.hostLines.push(JSON.stringify(['gone', j.peer]));
      this.later(() => this.restoreLink(j), NET_RETRY_MS);
    }
  }

  /** The same PSP connects again by itself: "back" at both ends (no new hello). */
  restoreLink(j: Joiner): void {
    j.cut = false;
    this.hostLines.push(JSON.stringify(['back', j.peer]));
    j.lines.push(JSON.stringify(['back']));
  }

  private later(deliver: () => void, ms = LINK_MS): void {
    this.flying.push({ at: this.now + ms, deliver });
  }

  /** Everything that has crossed the air by `now`, in the order it was sent. */
  tick(now: number): void {
    this.now = now;
    for (let i = 0; i < this.flying.length; ) {
      const f = this.flying[i]!;
      if (f.at > now) {
        i++;
        continue;
      }
      this.flying.splice(i, 1);
      f.deliver();
    }
  }
}
