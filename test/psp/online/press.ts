// The PSP's presses as the table stands (test/psp/online/title-run.ts,
// tools/screens/psp-online.ts): the PSP's buttons are live (native.mjs
// --live), and a run that watches the table as the second player sees it
// (test/server/bot.ts) presses for the PSP as a player would: Square a
// moment after its turn or its pile comes (again if the table has not moved
// on in a second), Cross a player's reaction after a pile it may slap
// lands (sooner is a false start: FALSE_START_MS), nothing while its seat
// is away. A slap may carry more buttons (the probe build's NOTE, a sleep).
import { canSlap, slapPattern } from '../../../src/rules';
import type { Seat } from '../../../src/rules/types';
import type { Bot } from '../../server/bot';

/** From the pile's landing (on the second player's screen) to the PSP's slap: beats its 300 ms. */
export const PSP_REACTION_MS = 200;
/** From the turn coming to the PSP's move button. */
export const PSP_MOVE_PAUSE_MS = 150;

export interface Played {
  presses: number;
  slaps: number;
}

/**
 * Presses for seat `psp` until the game is over (or `stop` says why not):
 * `tell` takes native.mjs --live commands; `slap(seq)` names the buttons
 * of the slap on pile seq (Cross, or Cross with more) and may do more.
 */
export async function pressAsTheTableStands(
  bot: Bot,
  psp: Seat,
  tell: (command: string) => void,
  slap: (seq: number, cardsPlayed: number) => string,
  stop: () => string | null,
  pausedUntil: () => number = () => 0,
): Promise<Played> {
  const played: Played = { presses: 0, slaps: 0 };
  let slapped = -1, moved = -1, movedAt = 0, turnSeen = -1, turnAt = 0;
  for (; !bot.log.over; await new Promise((r) => setTimeout(r, 20))) {
    const why = stop();
    if (why !== null) throw new Error(why);
    const t = bot.table!;
    const g = t.game;
    const now = performance.now();
    if (t.readableAt < 0 || t.flying !== null || t.away[psp] || now < pausedUntil()) continue;
    if (slapPattern(g) !== null && canSlap(g, psp) && slapped !== t.seq) {
      if (now - t.readableAt < PSP_REACTION_MS) continue;
      slapped = t.seq;
      played.slaps++;
      tell(`press ${slap(t.seq, g.cardsPlayed)}`);
      continue;
    }
    const mine = g.pendingCollect !== null ? g.pendingCollect.seat === psp : g.pendingChoice === null && g.turn === psp && g.over === null;
    if (!mine) continue;
    const key = t.seq * 100 + g.cardsPlayed;
    if (turnSeen !== key) {
      turnSeen = key;
      turnAt = now;
    }
    if (now - turnAt >= PSP_MOVE_PAUSE_MS && (moved !== key || now - movedAt >= 1000)) {
      moved = key;
      movedAt = now;
      played.presses++;
      tell('press square');
    }
  }
  return played;
}
