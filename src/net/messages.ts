// What a client may send, checked before anything reads it: the join
// options (a name, the protocol's version, the creator's setup) and each
// room message's payload. Every check returns the reason it refused, never
// throws: a hostile client gets a refusal, the room plays on.
import { DIFFICULTIES, type Difficulty } from '../ai';
import { SLAP_RULES, defaultOptions } from '../rules';
import type { GameOptions, RussianJokerMode, WrongSlapRule } from '../rules/types';
import { C, NAME_MAX, PROTOCOL_VERSION } from './protocol';
import { STAMP_MAX, STAMP_MIN } from './net-table';

/** A seat's name: what the lobby and the table show; letters of any script, digits, space and a few marks (at most NAME_MAX). */
export { NAME_MAX } from './protocol';
const NAME_CHARS = /^[\p{L}\p{N} ._'-]+$/u;

export interface JoinRequest {
  name: string;
}

export interface CreateRequest extends JoinRequest {
  options: GameOptions;
  cpus: number;
  difficulty: Difficulty;
}

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

function refuse<T>(reason: string): Checked<T> {
  return { ok: false, reason };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function onlyKeys(o: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const k of Object.keys(o)) if (keys.indexOf(k) < 0) return `unknown field "${k.slice(0, 20)}"`;
  return null;
}

/** The options anyone sends to join a room: { v, name }. */
export function checkJoin(raw: unknown): Checked<JoinRequest> {
  if (!isObject(raw)) return refuse('join options must be an object');
  const extra = onlyKeys(raw, ['v', 'name', 'setup']);
  if (extra) return refuse(extra);
  if (raw.v !== PROTOCOL_VERSION) return refuse(`protocol version ${String(raw.v).slice(0, 8)} is not ${PROTOCOL_VERSION}: reload the page`);
  const name = raw.name;
  if (typeof name !== 'string') return refuse('name must be a string');
  const trimmed = name.trim();
  if (trimmed.length === 0 || [...trimmed].length > NAME_MAX || !NAME_CHARS.test(trimmed)) return refuse(`a name is 1 to ${NAME_MAX} letters, digits or spaces`);
  return { ok: true, value: { name: trimmed } };
}

/** Every wrong-slap rule, each once: the record's type refuses one missing when the rules add it (a creator's 'pay', issue 32's default, was refused). */
const WRONG_SLAP_RULES: Record<WrongSlapRule, true> = { pay: true, burn: true, pileToNext: true, ban: true };
const WRONG_SLAP = Object.keys(WRONG_SLAP_RULES) as WrongSlapRule[];
const RUSSIAN_JOKERS: readonly RussianJokerMode[] = ['off', 'beatsAll', 'chooser'];

/**
 * The creator's options: { v, name, setup: { options, cpus, difficulty } },
 * options being any of GameOptions' fields (the rest default). The card
 * limit is the game's own: a creator cannot make a game endless.
 */
export function checkCreate(raw: unknown): Checked<CreateRequest> {
  const join = checkJoin(raw);
  if (!join.ok) return join;
  const setup = (raw as Record<string, unknown>).setup;
  if (!isObject(setup)) return refuse('setup must be an object');
  const extra = onlyKeys(setup, ['options', 'cpus', 'difficulty']);
  if (extra) return refuse(extra);
  const o = setup.options;
  if (!isObject(o)) return refuse('setup.options must be an object');
  const bad = onlyKeys(o, ['ruleSet', 'players', 'jokers', 'slapRules', 'runLength', 'runWrap', 'wrongSlap', 'wrongSlapPenalty', 'banCards', 'tensStop', 'slapIn', 'russianJokers']);
  if (bad) return refuse(bad);
  if (o.ruleSet !== 'classic' && o.ruleSet !== 'russian') return refuse('ruleSet is classic or russian');
  if (!isInt(o.players, 2, 6)) return refuse('players is 2 to 6');
  const options = defaultOptions(o.ruleSet, o.players as number);
  for (const key of ['jokers', 'runWrap', 'tensStop', 'slapIn'] as const) {
    if (o[key] === undefined) continue;
    if (typeof o[key] !== 'boolean') return refuse(`${key} is true or false`);
    options[key] = o[key] as boolean;
  }
  if (o.runLength !== undefined) {
    if (o.runLength !== 3 && o.runLength !== 4) return refuse('runLength is 3 or 4');
    options.runLength = o.runLength;
  }
  if (o.wrongSlapPenalty !== undefined) {
    if (o.wrongSlapPenalty !== 0 && o.wrongSlapPenalty !== 1 && o.wrongSlapPenalty !== 2) return refuse('wrongSlapPenalty is 0, 1 or 2');
    options.wrongSlapPenalty = o.wrongSlapPenalty;
  }
  if (o.banCards !== undefined) {
    if (o.banCards !== 3 && o.banCards !== 5) return refuse('banCards is 3 or 5');
    options.banCards = o.banCards;
  }
  if (o.wrongSlap !== undefined) {
    if (WRONG_SLAP.indexOf(o.wrongSlap as WrongSlapRule) < 0) return refuse(`wrongSlap is one of ${WRONG_SLAP.join(', ')}`);
    options.wrongSlap = o.wrongSlap as WrongSlapRule;
  }
  if (o.russianJokers !== undefined) {
    if (RUSSIAN_JOKERS.indexOf(o.russianJokers as RussianJokerMode) < 0) return refuse(`russianJokers is one of ${RUSSIAN_JOKERS.join(', ')}`);
    options.russianJokers = o.russianJokers as RussianJokerMode;
  }
  if (o.slapRules !== undefined) {
    if (!isObject(o.slapRules)) return refuse('slapRules must be an object');
    const unknown = onlyKeys(o.slapRules, SLAP_RULES);
    if (unknown) return refuse(unknown);
    for (const rule of SLAP_RULES) {
      const on = o.slapRules[rule];
      if (on === undefined) continue;
      if (typeof on !== 'boolean') return refuse(`slapRules.${rule} is true or false`);
      options.slapRules[rule] = on;
    }
  }
  if (!isInt(setup.cpus, 0, options.players - 1)) return refuse(`cpus is 0 to ${options.players - 1} (the creator takes a seat)`);
  if (DIFFICULTIES.indexOf(setup.difficulty as Difficulty) < 0) return refuse(`difficulty is one of ${DIFFICULTIES.join(', ')}`);
  return { ok: true, value: { name: join.value.name, options, cpus: setup.cpus as number, difficulty: setup.difficulty as Difficulty } };
}

function isInt(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/** A client's message, checked: its kind and numbers. */
export type ClientMessage =
  | { kind: 'start' }
  | { kind: 'slap' | 'move' | 'heard'; seq: number; stamp: number }
  | { kind: 'choose'; seq: number; stamp: number; target: number };

/** The largest pile number a game reaches (its card limit's plays and as many claims). */
const SEQ_MAX = 20_000;

/** A room message (its type and payload as Colyseus decoded them), or why it is refused. */
export function checkMessage(type: unknown, payload: unknown): Checked<ClientMessage> {
  if (type === C.start) {
    if (payload !== undefined && !(Array.isArray(payload) && payload.length === 0)) return refuse('start takes nothing');
    return { ok: true, value: { kind: 'start' } };
  }
  const kind = type === C.slap ? 'slap' : type === C.move ? 'move' : type === C.heard ? 'heard' : type === C.choose ? 'choose' : null;
  if (kind === null) return refuse(`unknown message type ${String(type).slice(0, 12)}`);
  if (!Array.isArray(payload)) return refuse(`${kind} takes an array`);
  if (payload.length !== (kind === 'choose' ? 3 : 2)) return refuse(`${kind} takes ${kind === 'choose' ? 3 : 2} numbers`);
  const [seq, stamp, target] = payload as unknown[];
  if (!isInt(seq, 0, SEQ_MAX)) return refuse(`${kind}: pile number out of range`);
  if (!isInt(stamp, STAMP_MIN, STAMP_MAX)) return refuse(`${kind}: stamp out of range`);
  if (kind === 'choose') {
    if (!isInt(target, 0, 5)) return refuse('choose: target is a seat');
    return { ok: true, value: { kind, seq, stamp, target } };
  }
  return { ok: true, value: { kind, seq, stamp } };
}
