// The `host` object the bundle reads (docs/host-api.md §1), as the page
// provides it: saves in localStorage (src/save.ts; from the worker the
// script runs in, a copy of it, src/save-mirror.ts), log lines on the
// console, a seed from the browser's random source, the online rooms
// through colyseus.js (src/net.ts), the keyboard's text (src/input/keys.ts,
// sent with each frame), and the language and people the game shows, which
// the page's own words and touch zones follow (host.chosen).
import { checkedHost, type Capabilities, type Host } from '../../src/contract';
import type { LocalSave } from './save';
import { NOT_NEARBY, type NetFunctions } from './net';

/** The contract's Host (tools/contract/contract.json), all of it. */
export type WebHost = Host;

/** The log lines of this visit, newest last (tests read them through the page's test hook). */
export const LOG: string[] = [];
const LOG_KEPT = 200;

export function log(text: string): void {
  LOG.push(text);
  if (LOG.length > LOG_KEPT) LOG.shift();
  console.info(`ratscrew: ${text}`);
}

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** What host.chosen says: the game's language and the number of people sharing the screen. */
export interface Chosen {
  readonly language: string;
  readonly people: 1 | 2;
}

/**
 * onChosen hears host.chosen (the page's words and touch zones follow it);
 * logLine takes host.log's lines (the worker sends them to the page). A
 * call with arguments the contract refuses throws its TypeError, as the C
 * hosts' bindings do (checkedHost).
 */
export function pageHost(
  save: LocalSave,
  caps: Capabilities,
  seed: number,
  onChosen: (chosen: Chosen) => void,
  net: NetFunctions,
  logLine: (text: string) => void = log,
  typed: () => string | null = () => null,
): WebHost {
  return checkedHost({
    caps,
    seed,
    load: () => save.load(),
    save: (text) => save.save(text),
    log: (text) => logLine(text),
    problem: () => save.problem(),
    keepDamaged: () => save.keepDamaged(),
    typed,
    // The contract allows only 1 or 2 people (checkedHost refuses anything else).
    chosen: (language, people) => onChosen({ language, people: people === 2 ? 2 : 1 }),
    ...net,
    ...NOT_NEARBY,
  });
}
