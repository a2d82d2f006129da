// A room server in the test's own process and clock, for the online
// screens' tests in Node: the host's net functions (the contract's
// netOpen, netSend, netReceive, netClose) answered by the server's own
// table (src/net/net-table.ts) and message checks (src/net/messages.ts), as
// server/room.ts answers them, with no socket and no Colyseus. The test
// runs it a frame at a time on the driver's clock (deliver), and may hold a
// message back (hold) to stand for a slow network. The other seats are
// CPU players, or people whose words the test says for them (speak).
import type { Host } from '../../src/contract';
import { C, S, SEAT_KINDS, publicState, type Deal, type Lobby, type RoomSetup } from '../../src/net/protocol';
import { checkCreate, checkMessage } from '../../src/net/messages';
import { advance, drain, newNetTable, receive, setPresent, tableNow, type NetTable } from '../../src/net/net-table';
import { endedSince, gameDealt, gameEnded, newRoomGames } from '../../src/net/room-games';

type Net = Pick<Host, 'netOpen' | 'netSend' | 'netReceive' | 'netClose'>;

export class LoopbackRoom {
  readonly code = 'TESTRM7';
  nt: NetTable | null = null;
  setup: RoomSetup | null = null;
  /** Seat kinds: 'person' or 'cpu'; the player at this host sits at `you`. */
  kinds: ('person' | 'cpu')[] = [];
  names: string[] = [];
  you = 0;
  /** Lines for netReceive, and messages held back until a time (ms on the test's clock). */
  private readonly lines: string[] = [];
  private readonly held: { at: number; line: string }[] = [];
  /** Held back: every message of these types for this long from now (hold). */
  private holdTypes = new Set<number>();
  private holdMs = 0;
  /** What the player's host sent, in order: [type, payload]. */
  readonly sent: [number, unknown][] = [];
  open = false;
  closed = 0;
  /** The player's connection is down (drop): what the room says meanwhile never reaches them. */
  private cut = false;
  /** The room's games by number, and the game the player's connection dropped in (src/net/room-games.ts). */
  readonly games = newRoomGames();
  private left = 0;

  /**
   * The room's seats for a join (the creator's setup is the host's own on a
   * create): `seats` people and CPU players, the player at `you`.
   */
  constructor(
    private readonly now: () => number,
    readonly others: { names: string[]; kinds: ('person' | 'cpu')[] } = { names: [], kinds: [] },
    /** Games end by the card limit after this many cards (the server's cardLimit setting for tests); 0: the rules'. */
    readonly cardLimit = 0,
  ) {}

  /** The host's net functions, answered by this room. */
  net(): Net {
    return {
      netOpen: (request) => {
        if (this.open) return false;
        const r = JSON.parse(request) as { op: string; name: string; setup?: unknown };
        this.open = true;
        const checked = checkCreate({ v: 1, name: r.name, setup: r.setup ?? { options: { ruleSet: 'classic', players: 1 + this.others.names.length }, cpus: 0, difficulty: 'medium' } });
        if (!checked.ok) throw new Error(checked.reason);
        const { options, cpus, difficulty } = checked.value;
        if (this.cardLimit > 0) options.cardLimit = this.cardLimit;
        this.setup = { options, cpus, difficulty };
        this.you = 0;
        this.names = [r.name];
        this.kinds = ['person'];
        for (let s = 1; s < options.players; s++) {
          const cpu = s >= options.players - cpus || s > this.others.names.length;
          this.names.push(cpu ? '' : this.others.names[s - 1]!);
          this.kinds.push(cpu ? 'cpu' : (this.others.kinds[s - 1] ?? 'person'));
        }
        this.push('joined', this.code, `http://example.test/?room=${this.code}`);
        this.push('m', S.lobby, this.lobby());
        return true;
      },
      netSend: (message) => {
        if (!this.open) return false;
        const [type, payload] = JSON.parse(message) as [number, unknown];
        this.sent.push([type, payload]);
        const m = checkMessage(type, payload);
        if (!m.ok) throw new Error(`the script sent a message the server refuses: ${m.reason}`);
        if (m.value.kind === 'start') this.start();
        else if (this.nt) {
          const why = receive(this.nt, this.you, m.value.kind, m.value.seq, m.value.stamp, this.now(), m.value.kind === 'choose' ? m.value.target : -1);
          if (why !== null) throw new Error(`refused: ${why}`);
        }
        return true;
      },
      netReceive: () => this.lines.shift() ?? null,
      netClose: () => {
        this.open = false;
        this.closed++;
      },
    };
  }

  private lobby(): Lobby {
    return [this.code, this.you, 0, this.names, this.kinds.map((k) => SEAT_KINDS.indexOf(k)), this.kinds.map(() => 1), this.setup!];
  }

  private push(...item: unknown[]): void {
    const line = JSON.stringify(item);
    if (item[0] === 'm' && this.holdTypes.has(item[1] as number)) this.held.push({ at: this.now() + this.holdMs, line });
    else if (this.held.length > 0) this.held.push({ at: this.now(), line }); // in order behind what is held
    else this.lines.push(line);
  }

  private start(): void {
    gameDealt(this.games);
    this.nt = newNetTable(
      { options: this.setup!.options, seed: 12345 + this.games.dealt - 1, dealer: 0, aiSeed: 777, difficulty: this.setup!.difficulty as never, seats: this.kinds.map((kind) => ({ kind })) },
      this.now(),
    );
    // As server/room.ts deals: a seat whose player is away is played for them from the first card.
    if (this.cut) setPresent(this.nt, this.you, false);
    else this.push('m', S.deal, this.deal());
  }

  deal(): Deal {
    const { seq, game, figures } = tableNow(this.nt!);
    return [this.you, this.names, this.kinds.map((k) => SEAT_KINDS.indexOf(k)), this.setup!.options, seq, publicState(game), figures, this.games.dealt];
  }

  /** The creator (another player, here) starts a rematch from the results: everyone present gets its deal. */
  rematch(): void {
    if (this.nt?.table.game.over === null) throw new Error('a rematch while the game is on');
    this.start();
  }

  /** Runs the room to the test's clock and hands the player's host what it sent them (call before each frame). */
  deliver(): void {
    const now = this.now();
    if (this.nt) {
      const over = this.nt.table.game.over !== null;
      advance(this.nt, now);
      for (const m of drain(this.nt, now)) if (!this.cut && (m.to === -1 || m.to === this.you)) this.push('m', m.type, m.body);
      if (!over && this.nt.table.game.over !== null) {
        const { game, figures } = tableNow(this.nt);
        gameEnded(this.games, publicState(game), figures);
      }
    }
    while (this.held.length > 0 && this.held[0]!.at <= now) this.lines.push(this.held.shift()!.line);
  }

  /** Messages of these types reach the player `ms` late from now on (0: on time again). */
  hold(types: number[], ms: number): void {
    this.holdTypes = new Set(ms > 0 ? types : []);
    this.holdMs = ms;
  }

  /** Another person at the table says something: a press or their word on the pile (C.slap, C.move, C.heard) at `stamp` ms. */
  speak(seat: number, kind: 'slap' | 'move' | 'heard', stamp: number): void {
    const why = receive(this.nt!, seat, kind, this.nt!.seq, stamp, this.now());
    if (why !== null) throw new Error(`refused: ${why}`);
  }

  /** Another person drops out (or comes back). */
  away(seat: number, away: boolean): void {
    setPresent(this.nt!, seat, !away);
  }

  /** What the host's own connection does: drops, comes back (the server deals the game again), the server stops. */
  hostSays(...item: unknown[]): void {
    this.push(...item);
  }

  closing(): void {
    this.push('m', S.closing, ['serverStopping']);
  }

  /** The player's connection goes down: their host says so, the room plays their seat for them and tells them nothing until rejoin. */
  drop(): void {
    this.push('away');
    this.cut = true;
    this.left = this.games.dealt;
    setPresent(this.nt!, this.you, false);
  }

  /** The connection taken back: the game as it stands (or as it ended meanwhile), as server/room.ts deals it to a player who comes back. */
  rejoin(): void {
    this.cut = false;
    setPresent(this.nt!, this.you, true);
    this.push('back');
    for (const e of endedSince(this.games, this.left)) this.push('m', S.ended, e);
    this.push('m', S.deal, this.deal());
  }
}

export { C, S };
