// Classic (docs/rules.md, Classic): challenges, collecting a won pile, slapping, burning.
import { challengeChances, rankOf } from './cards';
import { checkCardLimit, classicRanking, finish, recordPosition } from './guard';
import { slapPattern } from './slaps';
import { givePile, nextWithCards, playTopCard, seatAfter, setStack } from './state';
import type { ClaimReason, GameEvent, GameState, Seat, SlapRule } from './types';

/** A player's stack just emptied: they are out (until a pile brings them back). */
function markOut(draft: GameState, events: GameEvent[], seat: Seat): void {
  draft.outOrder = draft.outOrder.concat(seat);
  events.push({ type: 'out', seat });
}

function setTurn(draft: GameState, events: GameEvent[], seat: Seat): void {
  if (draft.turn !== seat) events.push({ type: 'turn', seat });
  draft.turn = seat;
}

/** The pile is won but not taken yet: `seat` collects it (or a valid slap takes it first). */
function collectDue(draft: GameState, events: GameEvent[], seat: Seat, reason: ClaimReason): void {
  draft.challenge = null;
  draft.pendingCollect = { seat, reason };
  events.push({ type: 'collectDue', seat });
  setTurn(draft, events, seat);
}

/** `seat` takes the pile and leads the next one; the game ends when they hold every card. */
function claim(draft: GameState, events: GameEvent[], seat: Seat, reason: ClaimReason, pattern?: SlapRule, falseStart = false): void {
  const cards = givePile(draft, seat);
  draft.challenge = null;
  draft.pendingCollect = null;
  events.push(
    pattern ? { type: 'claimed', seat, reason, pattern, cards } : falseStart ? { type: 'claimed', seat, reason, cards, falseStart } : { type: 'claimed', seat, reason, cards },
  );
  setTurn(draft, events, seat);
  if (draft.stacks.every((stack, other) => other === seat || stack.length === 0)) {
    finish(draft, events, { winner: seat, ranking: classicRanking(draft, seat), byLimit: false, endedBy: 'rules' });
  } else {
    recordPosition(draft, events);
  }
}

/**
 * The seat that must answer a challenge has no cards left: the next seat
 * with cards inherits the remaining chances. If that would be the
 * challenger (or nobody holds cards), nobody can answer: the challenger wins.
 */
function passChallenge(draft: GameState, events: GameEvent[], from: Seat): void {
  const challenge = draft.challenge!;
  const next = nextWithCards(draft, from);
  if (next < 0 || next === challenge.by) {
    collectDue(draft, events, challenge.by, 'challenge');
  } else {
    draft.challenge = { ...challenge, answerer: next };
    setTurn(draft, events, next);
  }
}

/**
 * Outside a challenge the turn passes to the next seat with cards. A lone
 * player with cards plays on; when nobody holds a card the pile goes to the
 * one who played its top card (it cannot stay on the table forever).
 */
function passTurn(draft: GameState, events: GameEvent[], from: Seat): void {
  const next = nextWithCards(draft, from);
  if (next >= 0) setTurn(draft, events, next);
  else if (draft.stacks[from].length > 0) setTurn(draft, events, from);
  else collectDue(draft, events, draft.lastPlayer ?? from, 'lastCard');
}

/** Every card played brings each running slap ban one card nearer its end. */
function countDownBans(draft: GameState): void {
  const bans = draft.slapBan;
  let any = false;
  for (let i = 0; i < bans.length; i++) if (bans[i] > 0) any = true;
  if (!any) return;
  draft.slapBan = bans.map((left) => (left > 0 ? left - 1 : 0));
}

export function playClassic(draft: GameState, events: GameEvent[], seat: Seat): void {
  const card = playTopCard(draft, seat);
  events.push({ type: 'played', seat, card, comparison: 'none' });
  countDownBans(draft);
  const emptied = draft.stacks[seat].length === 0;
  if (emptied) markOut(draft, events, seat);

  const chances = challengeChances(card);
  if (draft.challenge && draft.options.tensStop && rankOf(card) === 10) {
    // Tens are stoppers: the challenge ends, nobody wins the pile, and play
    // goes on from the next player as if no face card had been played.
    draft.challenge = null;
    events.push({ type: 'challengeStopped', seat });
    passTurn(draft, events, seat);
  } else if (chances > 0) {
    const answerer = nextWithCards(draft, seat);
    if (answerer < 0) {
      // Nobody else holds cards: no one can answer, the face card wins the pile.
      collectDue(draft, events, seat, 'challenge');
    } else {
      draft.challenge = { by: seat, answerer, chancesLeft: chances };
      events.push({ type: 'challenge', by: seat, answerer, chances });
      setTurn(draft, events, answerer);
    }
  } else if (draft.challenge) {
    const chancesLeft = draft.challenge.chancesLeft - 1;
    draft.challenge = { ...draft.challenge, chancesLeft };
    if (chancesLeft === 0) collectDue(draft, events, draft.challenge.by, 'challenge');
    else if (emptied) passChallenge(draft, events, seat);
  } else {
    passTurn(draft, events, seat);
  }
  checkCardLimit(draft, events);
}

export function collectClassic(draft: GameState, events: GameEvent[], seat: Seat): void {
  claim(draft, events, seat, draft.pendingCollect!.reason);
}

/**
 * A slap, judged on the pile as it is now. Valid: the slapper claims the
 * pile (slapping in if they had no cards). Wrong, or a false start (before
 * anyone could have seen the top card, whatever it shows): for a player with
 * no cards, barred for the rest of the game; otherwise the wrong-slap rule —
 * pay a card to the player whose card was slapped, burn the penalty under
 * the pile, give the pile to the next player with cards, or a ban from
 * slapping for the next banCards cards played.
 * A slap on an empty pile misses: nothing happens (it came after the pile
 * went, not before a card).
 */
export function slapClassic(draft: GameState, events: GameEvent[], seat: Seat, falseStart = false): void {
  if (draft.pile.length === 0) {
    events.push({ type: 'slapMissed', seat });
    return;
  }
  const pattern = falseStart ? null : slapPattern(draft);
  const hadNoCards = draft.stacks[seat].length === 0;
  // A false start says so on the wrong slap it is.
  const early: { falseStart?: true } = falseStart ? { falseStart } : {};
  if (pattern) {
    if (hadNoCards) events.push({ type: 'slappedIn', seat });
    claim(draft, events, seat, 'slap', pattern);
    return;
  }
  if (hadNoCards) {
    draft.barred = draft.barred.slice();
    draft.barred[seat] = true;
    events.push({ type: 'wrongSlap', seat, burned: 0, barred: true, ...early });
    return;
  }
  if (draft.options.wrongSlap === 'ban') {
    const banned = draft.options.banCards;
    draft.slapBan = draft.slapBan.slice();
    draft.slapBan[seat] = banned;
    events.push({ type: 'wrongSlap', seat, burned: 0, barred: false, banned, ...early });
    return;
  }
  if (draft.options.wrongSlap === 'pileToNext') {
    events.push({ type: 'wrongSlap', seat, burned: 0, barred: false, ...early });
    // With nobody else holding cards, "the next player" is the next seat:
    // the pile brings them back in.
    const next = nextWithCards(draft, seat);
    claim(draft, events, next >= 0 ? next : seatAfter(draft, seat), 'wrongSlap', undefined, falseStart);
    return;
  }
  const stack = draft.stacks[seat];
  const payee = draft.options.wrongSlap === 'pay' ? payeeOf(draft, seat) : -1;
  if (payee >= 0) {
    // Face down under the payee's stack, as a claimed pile goes.
    setStack(draft, seat, stack.slice(1));
    setStack(draft, payee, draft.stacks[payee].concat(stack[0]!));
    events.push({ type: 'wrongSlap', seat, burned: 0, barred: false, paid: { to: payee, cards: 1 }, ...early });
    if (draft.stacks[seat].length === 0) afterBurnedOut(draft, events, seat);
    return;
  }
  // Burn (or pay with nobody to pay: burn the one card).
  const burned = Math.min(draft.options.wrongSlap === 'pay' ? 1 : draft.options.wrongSlapPenalty, stack.length);
  setStack(draft, seat, stack.slice(burned));
  draft.burned = draft.burned.concat(stack.slice(0, burned));
  events.push({ type: 'wrongSlap', seat, burned, barred: false, ...early });
  if (burned > 0 && draft.stacks[seat].length === 0) afterBurnedOut(draft, events, seat);
}

/**
 * Who a wrong slap pays under 'pay': the player whose card was slapped, the
 * top card's. Paying oneself would make a guess on one's own card free, and
 * paying a player who is out would bring them back for another's mistake:
 * then the next player with cards after the slapper; -1 when nobody else
 * holds cards (the card is burned under the pile instead).
 */
function payeeOf(draft: GameState, seat: Seat): Seat {
  const owner = draft.lastPlayer;
  if (owner !== null && owner !== seat && draft.stacks[owner].length > 0) return owner;
  return nextWithCards(draft, seat);
}

/** The slapper burned or paid their last card: if the play was theirs, it moves on. */
function afterBurnedOut(draft: GameState, events: GameEvent[], seat: Seat): void {
  markOut(draft, events, seat);
  if (draft.pendingCollect || draft.turn !== seat) return;
  if (draft.challenge) passChallenge(draft, events, seat);
  else passTurn(draft, events, seat);
}
