// A player's presses as the table stands (test/psp/online/title-run.ts,
// tools/screens/psp-online.ts): a run that watches the table as one
// screen shows it (the browser page's own test hook, ratscrew.debug(), or
// test/server/bot.ts's table) presses for a seat as a player would: Square
// a moment after its turn or its pile comes (again if the table has not
// moved on in a second), Cross a player's reaction after a pile it may
// slap lands (sooner is a false start), nothing while its seat is away.
// The PSP's buttons are live (native.mjs --live); a slap may carry more
// buttons (the probe build's NOTE, a sleep).
import { canSlap, slapPattern } from '../../../src/rules';
import type { GameState, Seat } from '../../../src/rules/types';
import type { Bot } from '../../server/bot';

/** From the pile's landing (on the watched screen) to the PSP's slap: beats the page's 300 ms. */
export const PSP_REACTION_MS = 200;
/** From the turn coming to the PSP's move button. */
export const PSP_MOVE_PAUSE_MS = 150;

/** The table as one screen shows it, in that screen's seats and on its clock. */
export interface Seen {
  game: GameState;
  /** The pile's number, and when its face could first be read (-1: not yet). */
  seq: number;
  readableAt: number;
  /** That screen's time now. */
  now: number;
  /** A played card still in the air. */
  flying: boolean;
  /** The seats shown away (their players dropped). */
  away: readonly boolean[];
  /** The game has ended on that screen. */
  over: boolean;
}

/** What a seat's player does now: slap, play or take the pile (move), or nothing. */
export type Press = 'slap' | 'move' | null;

/**
 * A player's hands on one seat: a slap `reaction` ms after a pile the seat
 * may slap could be read, the move button `movePause` ms after the turn or
 * the pile comes, again after a second if the table has not moved on.
 */
export class Player {
  private slapped = -1;
  private moved = -1;
  private movedAt = 0;
  private turnSeen = -1;
  private turnAt = 0;

  constructor(
    readonly seat: Seat,
    readonly reaction: number,
    readonly movePause: number,
  ) {}

  press(t: Seen): Press {
    const g = t.game;
    const seat = this.seat;
    if (t.over || g.over !== null || t.readableAt < 0 || t.flying || t.away[seat]) return null;
    if (slapPattern(g) !== null && canSlap(g, seat) && this.slapped !== t.seq) {
      if (t.now - t.readableAt < this.reaction) return null;
      this.slapped = t.seq;
      return 'slap';
    }
    const mine = g.pendingCollect !== null ? g.pendingCollect.seat === seat : g.pendingChoice === null && g.turn === seat;
    if (!mine) return null;
    const key = t.seq * 100 + g.cardsPlayed;
    if (this.turnSeen !== key) {
      this.turnSeen = key;
      this.turnAt = t.now;
    }
    if (t.now - this.turnAt < this.movePause || (this.moved === key && t.now - this.movedAt < 1000)) return null;
    this.moved = key;
    this.movedAt = t.now;
    return 'move';
  }
}

/** The table as the bot's script holds it (server seats, the bot's clock). */
export function seenByBot(bot: Bot): Seen | null {
  const t = bot.table;
  if (t === null) return null;
  return { game: t.game, seq: t.seq, readableAt: t.readableAt, now: performance.now(), flying: t.flying !== null, away: t.away, over: bot.log.over };
}

export interface Played {
  presses: number;
  slaps: number;
}

/**
 * Presses for seat `psp` until the game is over on the watched screen (or
 * `stop` says why not): `look` gives the table as that screen shows it,
 * `tell` takes native.mjs --live commands; `slap(seq)` names the buttons
 * of the slap on pile seq (Cross, or Cross with more) and may do more;
 * `also` runs on each look (the watched screen's own player's presses),
 * `every` ms apart.
 */
export async function pressAsTheTableStands(
  look: () => Promise<Seen | null>,
  psp: Seat,
  tell: (command: string) => void,
  slap: (seq: number, cardsPlayed: number) => string,
  stop: () => string | null,
  pausedUntil: () => number = () => 0,
  also: (seen: Seen) => void = () => {},
  every = 20,
): Promise<Played> {
  const played: Played = { presses: 0, slaps: 0 };
  const player = new Player(psp, PSP_REACTION_MS, PSP_MOVE_PAUSE_MS);
  for (;;) {
    const why = stop();
    if (why !== null) throw new Error(why);
    const t = await look();
    if (t !== null) {
      if (t.over) return played;
      also(t);
      const press = performance.now() < pausedUntil() ? null : player.press(t);
      if (press === 'slap') {
        played.slaps++;
        tell(`press ${slap(t.seq, t.game.cardsPlayed)}`);
      } else if (press === 'move') {
        played.presses++;
        tell('press square');
      }
    }
    await new Promise((r) => setTimeout(r, every));
  }
}
