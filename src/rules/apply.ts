// apply(): check an action, then hand it to the rule set. Pure: the input
// state is never written; a refusal returns an error and no state.
import { collectClassic, playClassic, slapClassic } from './classic';
import { refuse } from './errors';
import { isFalseStart } from './slaps';
import { chooseRussian, playRussian } from './russian';
import { draftOf } from './state';
import type { Action, ApplyResult, GameEvent, GameState } from './types';

const ACTION_TYPES = ['play', 'slap', 'collect', 'choose'];

/** A value as a refusal message shows it: objects as JSON, not "[object Object]". */
function shown(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return 'an unprintable object';
  }
}

function isSeat(state: GameState, value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < state.options.players;
}

/** Everything that makes an action illegal now, or null when it may go ahead. */
export function checkAction(state: GameState, action: Action): ApplyResult | null {
  if (typeof action !== 'object' || action === null || ACTION_TYPES.indexOf((action as Action).type) < 0)
    return refuse('unknownAction', `unknown action ${JSON.stringify(action)}: expected play, slap, collect or choose`);
  if (action.at !== undefined && (typeof action.at !== 'number' || !Number.isFinite(action.at)))
    return refuse('unknownAction', `malformed ${action.type}: "at" must be a number of milliseconds`);
  if (state.over) return refuse('gameOver', `the game is over (seat ${state.over.winner} won); no more ${action.type}`);
  if (!isSeat(state, action.seat))
    return refuse('unknownSeat', `seat ${shown(action.seat)} is not at this table (seats 0..${state.options.players - 1})`);
  const seat = action.seat;
  const classic = state.options.ruleSet === 'classic';
  switch (action.type) {
    case 'play':
      if (state.pendingChoice !== null)
        return refuse('choicePending', `seat ${state.pendingChoice} must first name who takes the pile`);
      if (state.pendingCollect)
        return refuse('collectPending', `the pile is waiting for seat ${state.pendingCollect.seat} to collect it`);
      if (seat !== state.turn) return refuse('notYourTurn', `it is seat ${state.turn}'s turn, not seat ${seat}'s`);
      if (state.stacks[seat].length === 0) return refuse('noCards', `seat ${seat} has no cards to play`);
      return null;
    case 'slap':
      if (typeof action.at !== 'number') return refuse('unknownAction', 'malformed slap: "at" (host time in ms) is required');
      if (action.sinceLanding !== undefined && (typeof action.sinceLanding !== 'number' || !Number.isFinite(action.sinceLanding)))
        return refuse('unknownAction', 'malformed slap: "sinceLanding" must be a number of milliseconds');
      if (!classic) return refuse('slapNotAllowed', 'there is no slapping in the Russian rules');
      if (state.barred[seat]) return refuse('barred', `seat ${seat} slapped wrongly without cards and may not slap again`);
      if (state.stacks[seat].length === 0 && !state.options.slapIn)
        return refuse('slapNotAllowed', `seat ${seat} has no cards and slapping in is off`);
      if (state.slapBan[seat] > 0)
        return refuse('banned', `seat ${seat} slapped wrongly and may not slap for ${state.slapBan[seat]} more cards`);
      return null;
    case 'collect':
      if (!state.pendingCollect) return refuse('nothingToCollect', 'no pile is waiting to be collected');
      if (seat !== state.pendingCollect.seat)
        return refuse('notYourTurn', `the pile is due to seat ${state.pendingCollect.seat}, not seat ${seat}`);
      return null;
    case 'choose':
      if (state.pendingChoice === null) return refuse('noChoicePending', 'nobody has to name a taker now');
      if (seat !== state.pendingChoice) return refuse('notYourTurn', `seat ${state.pendingChoice} names the taker, not seat ${seat}`);
      if (!isSeat(state, action.target))
        return refuse('badTarget', `target ${shown(action.target)} is not a seat (0..${state.options.players - 1})`);
      return null;
  }
}

export function apply(state: GameState, action: Action): ApplyResult {
  const refusal = checkAction(state, action);
  if (refusal) return refusal;
  const draft = draftOf(state);
  const events: GameEvent[] = [];
  const classic = state.options.ruleSet === 'classic';
  // `+ 0` turns a seat of -0 (which passes isSeat) into 0, so that what the
  // state stores survives a JSON round trip.
  const seat = action.seat + 0;
  switch (action.type) {
    case 'play':
      if (classic) playClassic(draft, events, seat);
      else playRussian(draft, events, seat);
      break;
    case 'slap':
      slapClassic(draft, events, seat, action.sinceLanding !== undefined && isFalseStart(action.sinceLanding));
      break;
    case 'collect':
      collectClassic(draft, events, seat);
      break;
    case 'choose':
      chooseRussian(draft, events, seat, action.target + 0);
      break;
  }
  return { ok: true, state: draft, events };
}
