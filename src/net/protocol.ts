// The rooms' messages (docs/network.md has them in one table). Both ends are
// this project's: the server (server/) and the game script, which reaches
// the network through the host contract's net functions on every host.
// A message is a Colyseus room message: a small number for its type and a
// MessagePack payload of arrays, small integers and short strings, so that a
// client in C (the PSP, issue 37) only needs a generic MessagePack reader.
import { CARD_BACK } from '../assets/atlas';
import type { Card, ClaimReason, GameEvent, GameOptions, GameOver, GameState, Seat } from '../rules/types';

/** Raised when the meaning of a message changes: a client of another version is told so at the door. */
export const PROTOCOL_VERSION = 1;

/** Where a rooms server answers a page beside it: { protocol: PROTOCOL_VERSION } (the page's Online row). */
export const ROOMS_PATH = '/rooms';

/** The Colyseus room type every client creates and joins. */
export const ROOM_NAME = 'ratscrew';

/** A room's code is CODE_LENGTH of these: letters and digits that cannot be misread (no I, O, 0 or 1). */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 7;
/** A seat's name: at most this many letters (the server takes letters of any script, digits, space and . _ ' -). */
export const NAME_MAX = 12;

/** Client to server. */
export const C = {
  /** The creator starts the game from the lobby (or a rematch from the results): []. */
  start: 1,
  /** A slap: [seq, stamp], stamp = ms from the landing of pile `seq` on this client's screen. */
  slap: 2,
  /** The move button (play a card, or take a pile won for you): [seq, stamp]. */
  move: 3,
  /** Russian, joker player chooses: [seq, stamp, target seat]. */
  choose: 4,
  /** The answer to an ask: nothing more from this client on pile `seq` up to `stamp` ms: [seq, stamp]. */
  heard: 5,
} as const;

/** Server to client. */
export const S = {
  /** Who sits where before the game: see Lobby. */
  lobby: 1,
  /** A game starts (or the client rejoins one): see Deal. */
  deal: 2,
  /** A card leaves a seat's stack, face down: [seq, seat]. Its face comes with the step at its landing. */
  fly: 3,
  /** What the table did: see Step. */
  step: 4,
  /** The server judges a race and needs this client's word on pile `seq` up to `stamp`: [seq, stamp]. */
  ask: 5,
  /** A judged race's times, from each slapper's own landing: [[seat, ms], ...] in the order judged. */
  race: 6,
  /** A seat's player left or came back: [seat, away 0/1]. */
  away: 7,
  /** The room is closing (the server stops, or the room was abandoned): [reason]. */
  closing: 8,
  /** A game of the room that ended while this player was away, sent as they come back (before the deal): see Ended. */
  ended: 9,
} as const;

/** Why a room closes (S.closing). */
export const CLOSE_REASONS = ['serverStopping', 'abandoned'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** What a seat holds in the lobby and at the table. */
export const SEAT_KINDS = ['open', 'person', 'cpu'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
/** A person's seat in the lobby's and the deal's kinds. */
export const SEAT_PERSON = 1;

/** The creator's choices (Colyseus create options, with the creator's name). */
export interface RoomSetup {
  /** The rule set and its variants; `players` is the number of seats. */
  options: GameOptions;
  /** Seats kept for CPU players (the last ones); the others are for people. */
  cpus: number;
  difficulty: string;
}

/** S.lobby payload: [code, you, creator, names[], kinds[], present(0/1)[], setup]. */
export type Lobby = [string, Seat, Seat, string[], number[], number[], RoomSetup];

/**
 * S.deal payload: [you, names[], kinds[], options, seq, state, figures, game]: the game as
 * it stands (a rejoin gets the same message in the middle of a game, or
 * after it: the game as it ended while the player was away, `over` set),
 * each seat's figures so far (a player back after a drop missed the
 * steps that made some of them), and its number in the room (1 the first,
 * each rematch the next): a player back after a drop can tell the game they
 * left from a rematch started meanwhile.
 */
export type Deal = [you: Seat, names: string[], kinds: number[], options: GameOptions, seq: number, state: PublicState, figures: Figures, game: number];

/** The deal's game: its number in the room. */
export function dealGame(deal: Deal): number {
  return deal[7];
}

/**
 * S.ended payload: [game, state, figures]: a game of the room (its number)
 * that ended while this player was away, as it ended, with every seat's
 * figures: the player's statistics count it as everyone's do, though they
 * come back to a later game.
 */
export type Ended = [number, PublicState, Figures];

/** Each seat's figures, by seat (src/app/game-stats.ts counts them from the steps): [piles, slapsWon, wrongSlaps, racesLost, challengesWon]. */
export type Figures = [number[], number[], number[], number[], number[]];

/**
 * S.step payload: [seq, events, state, ms, aimed?]: `seq` is the pile's
 * number after the step, `ms` the action's time from the landing of the
 * pile it acted on (a slap's reaction time; the slap times line shows it).
 * A person's slap also names the pile it was aimed at (`aimed`), and `ms` is
 * then their own stamp on it: a slap that arrived late is applied later
 * than it was made, and one made after its player saw the pile taken was
 * aimed at the next pile, no reaction to the raced one. A CPU's slap after
 * a slap took the pile names that pile, `ms` from its landing.
 */
export type Step = [number, GameEvent[], PublicState, number] | [number, GameEvent[], PublicState, number, number];

/**
 * The part of a GameState every player may see: the stacks only as counts,
 * the burned cards only as a count, never the seed or the engine's rng.
 * As an array to keep it small: see publicState for the order.
 */
export type PublicState = [
  turn: Seat,
  lastPlayer: Seat,
  counts: number[],
  pile: Card[],
  burned: number,
  challenge: [Seat, Seat, number] | 0,
  collect: [Seat, ClaimReason] | 0,
  lay: [Seat, number, number] | 0,
  choice: Seat,
  barred: number[],
  bans: number[],
  out: Seat[],
  played: number,
  over: [Seat, Seat[], GameOver['endedBy']] | 0,
];

/** What a client may know of a game. */
export function publicState(g: GameState): PublicState {
  return [
    g.turn,
    g.lastPlayer ?? -1,
    g.stacks.map((s) => s.length),
    g.pile.slice(),
    g.burned.length,
    g.challenge ? [g.challenge.by, g.challenge.answerer, g.challenge.chancesLeft] : 0,
    g.pendingCollect ? [g.pendingCollect.seat, g.pendingCollect.reason] : 0,
    g.lay ? [g.lay.seat, g.lay.total, g.lay.left] : 0,
    g.pendingChoice ?? -1,
    g.barred.map((b) => (b ? 1 : 0)),
    g.slapBan.slice(),
    g.outOrder.slice(),
    g.cardsPlayed,
    g.over ? [g.over.winner, g.over.ranking.slice(), g.over.endedBy] : 0,
  ];
}

/** A card nobody may see yet: a stack's or a burned card, drawn as a card's back. */
export const HIDDEN_CARD = CARD_BACK;

/**
 * The game a client draws from a public state: the same shape as the
 * server's, with hidden cards where it holds cards nobody has seen (the view
 * reads only the stacks' lengths and the pile), no seed, no rng, no history.
 */
export function gameFromPublic(options: GameOptions, p: PublicState): GameState {
  const [turn, last, counts, pile, burned, challenge, collect, lay, choice, barred, bans, out, played, over] = p;
  return {
    options,
    seed: 0,
    rng: 0,
    dealer: 0,
    stacks: counts.map((n) => new Array<Card>(n).fill(HIDDEN_CARD)),
    pile: pile.slice(),
    burned: new Array<Card>(burned).fill(HIDDEN_CARD),
    turn,
    lastPlayer: last < 0 ? null : last,
    challenge: challenge === 0 ? null : { by: challenge[0], answerer: challenge[1], chancesLeft: challenge[2] },
    pendingCollect: collect === 0 ? null : { seat: collect[0], reason: collect[1] },
    lay: lay === 0 ? null : { seat: lay[0], total: lay[1], left: lay[2] },
    pendingChoice: choice < 0 ? null : choice,
    barred: barred.map((b) => b === 1),
    slapBan: bans.slice(),
    outOrder: out.slice(),
    cardsPlayed: played,
    seen: [],
    over: over === 0 ? null : { winner: over[0], ranking: over[1].slice(), byLimit: over[2] !== 'rules', endedBy: over[2] },
  };
}
