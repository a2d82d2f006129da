// The rules engine's data: plain, JSON-serializable, no classes, no clocks.
// Everything above rules/ (CPU players, the app, the view) talks to the
// engine only through these types and `newGame` / `apply` (src/rules/index.ts).
import type { SLAP_RULE_TABLE } from './slap-rules';

/**
 * A card is a small integer: 0..51 are suit * 13 + (rank - 2), so rank 2..14
 * (11 J, 12 Q, 13 K, 14 A) and suit 0 clubs, 1 diamonds, 2 hearts, 3 spades;
 * 52 and 53 are the two jokers. Small integers keep state cheap to copy,
 * hash and serialize, and stay untagged integers inside QuickJS.
 */
export type Card = number;

/** A seat index, 0..players-1; seat 0 is the human. Clockwise is +1. */
export type Seat = number;

export type RuleSet = 'classic' | 'russian';

/** A classic slap rule: one record each in src/rules/slap-rules.ts. */
export type SlapRule = keyof typeof SLAP_RULE_TABLE;

export type RussianJokerMode = 'off' | 'beatsAll' | 'chooser';

/**
 * Classic: what a wrong slap costs a player who holds cards — pay one card
 * to the player whose card was slapped (the default, docs/rules.md
 * "Variants": a card burned under the pile comes back to a guesser who wins
 * the next slap), burn `wrongSlapPenalty` cards under the pile (RULES.md's
 * rule), the pile goes to the next player with cards, or no slapping for the
 * next `banCards` cards played.
 */
export type WrongSlapRule = 'pay' | 'burn' | 'pileToNext' | 'ban';

/** Every option of both rule sets; a rule set reads only its own fields. */
export interface GameOptions {
  ruleSet: RuleSet;
  /** 2..6; seat 0 is the human. */
  players: number;
  /** Classic: add two jokers (numbers for challenges). */
  jokers: boolean;
  /** Classic: which slap patterns are valid. */
  slapRules: Record<SlapRule, boolean>;
  /** Classic "run": how many cards make a run (3 or 4). */
  runLength: 3 | 4;
  /** Classic "run": may a run wrap Q-K-A-2. */
  runWrap: boolean;
  /** Classic: what a wrong slap costs (docs/rules.md, "Variants"). */
  wrongSlap: WrongSlapRule;
  /** Classic, wrongSlap 'burn': cards burned for a wrong slap (0, 1 or 2). */
  wrongSlapPenalty: 0 | 1 | 2;
  /** Classic, wrongSlap 'ban': how many cards must be played before the slapper may slap again (3 or 5). */
  banCards: 3 | 5;
  /** Classic: a 10 played while answering a challenge ends it; nobody wins the pile. */
  tensStop: boolean;
  /** Classic: may a player with no cards slap back in. */
  slapIn: boolean;
  /** Classic: the game ends after this many cards played (endless-game guard). */
  cardLimit: number;
  /** Russian: jokers and what they do. */
  russianJokers: RussianJokerMode;
}

/** Why a pile went to a player. */
export type ClaimReason =
  | 'challenge' // classic: the challenged players' chances ran out
  | 'slap' // classic: a valid slap
  | 'lower' // russian: the card played was lower than the one under it
  | 'jokerLower' // russian, beats all: a card played onto a joker
  | 'jokerChoice' // russian, chooser: the joker's player named the taker
  | 'lastCard' // classic: nobody holds cards any more; the last player to play wins the pile
  | 'wrongSlap'; // classic, wrong slap 'pileToNext': the next player gets the pile for someone else's wrong slap

/** A pile won through a challenge, waiting to be collected (slappable meanwhile). */
export interface PendingCollect {
  seat: Seat;
  /** 'challenge' (also the lone player's face card) or 'lastCard'. */
  reason: ClaimReason;
}

/** A classic challenge in progress. */
export interface Challenge {
  /** Who played the face card or ace that set it. */
  by: Seat;
  /** Who must answer now. */
  answerer: Seat;
  /** Chances the answerer (or whoever inherits them) has left. */
  chancesLeft: number;
}

/** A Russian penalty lay in progress: `seat` lays `left` more cards. */
export interface PenaltyLay {
  seat: Seat;
  total: number;
  left: number;
}

export interface GameOver {
  winner: Seat;
  /** Every seat, best first. */
  ranking: Seat[];
  /** Ended by the card limit or a repeated position, not by the rules' own end. */
  byLimit: boolean;
  /** Which end: the rules' own, the card limit, or a repeated position. */
  endedBy: 'rules' | 'cardLimit' | 'repeat';
}

export interface GameState {
  options: GameOptions;
  /** The seed the game was dealt from, and the RNG state now. */
  seed: number;
  rng: number;
  dealer: Seat;
  /** stacks[seat][0] is the top card (played next). */
  stacks: Card[][];
  /** Face-up pile; pile[0] is the first card, the last element the top. */
  pile: Card[];
  /** Classic: face-down burned cards under the pile. */
  burned: Card[];
  /** Whose play it is. */
  turn: Seat;
  /** Who played the top card of the pile (null when the pile is empty): slap ties are broken from this seat. */
  lastPlayer: Seat | null;
  challenge: Challenge | null;
  pendingCollect: PendingCollect | null;
  lay: PenaltyLay | null;
  /** Russian chooser: the seat that must name the pile's taker. */
  pendingChoice: Seat | null;
  /** Classic: seats that may no longer slap. */
  barred: boolean[];
  /** Classic, wrong slap 'ban': per seat, how many more cards must be played before it may slap again (0: free). */
  slapBan: number[];
  /** Seats in the order they ran out (classic: eliminated; russian: -). */
  outOrder: Seat[];
  cardsPlayed: number;
  /** Hashes of earlier positions, for the repeated-position guard. */
  seen: number[];
  over: GameOver | null;
}

/**
 * What a seat can do. `at` is the host time in ms (slaps are ordered by it).
 * A slap's `sinceLanding` is how long after the pile's top card landed, and
 * could first be seen, it came (ms; negative while the card was flying):
 * under FALSE_START_MS it is a false start (src/rules/slaps.ts). Without it
 * the slap is judged on the pile alone.
 */
export type Action =
  | { type: 'play'; seat: Seat; at?: number }
  | { type: 'slap'; seat: Seat; at: number; sinceLanding?: number }
  | { type: 'collect'; seat: Seat; at?: number }
  | { type: 'choose'; seat: Seat; target: Seat; at?: number };

export type Comparison = 'higher' | 'equal' | 'lower' | 'none';

export type GameEvent =
  | { type: 'played'; seat: Seat; card: Card; comparison: Comparison }
  | { type: 'challenge'; by: Seat; answerer: Seat; chances: number }
  | { type: 'collectDue'; seat: Seat }
  | { type: 'claimed'; seat: Seat; reason: ClaimReason; pattern?: SlapRule; cards: number; falseStart?: true }
  | { type: 'wrongSlap'; seat: Seat; burned: number; barred: boolean; banned?: number; paid?: { to: Seat; cards: number }; falseStart?: true }
  | { type: 'challengeStopped'; seat: Seat }
  | { type: 'slapMissed'; seat: Seat }
  | { type: 'penaltyLay'; seat: Seat; cards: number }
  | { type: 'chooseTaker'; seat: Seat }
  | { type: 'out'; seat: Seat }
  | { type: 'slappedIn'; seat: Seat }
  | { type: 'turn'; seat: Seat }
  | { type: 'gameOver'; result: GameOver };

export type RuleErrorCode =
  | 'gameOver'
  | 'unknownAction'
  | 'unknownSeat'
  | 'notYourTurn'
  | 'noCards'
  | 'collectPending'
  | 'nothingToCollect'
  | 'noChoicePending'
  | 'badTarget'
  | 'choicePending'
  | 'slapNotAllowed'
  | 'barred'
  | 'banned';

export interface RuleError {
  code: RuleErrorCode;
  message: string;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: RuleError };
