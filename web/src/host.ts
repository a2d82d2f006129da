// The `host` object the bundle reads (docs/host-api.md §1), as the page
// provides it: saves in localStorage (src/save.ts; from the worker the
// script runs in, a copy of it, src/save-mirror.ts), log lines on the
// console, a seed from the browser's random source, the online rooms
// through colyseus.js (src/net.ts), the keyboard's text (src/input/keys.ts,
// sent with each frame).
import { checkedHost, type Capabilities, type Host } from '../../src/contract';
import type { LocalSave } from './save';
import type { NetFunctions } from './net';

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

/**
 * onText sees the saved text as it is loaded and saved (the touch zones read
 * the number of people); logLine takes host.log's lines (the worker sends
 * them to the page). A call with arguments the contract refuses throws its
 * TypeError, as the C hosts' bindings do (checkedHost).
 */
export function pageHost(
  save: LocalSave,
  caps: Capabilities,
  seed: number,
  onText: (text: string) => void,
  net: NetFunctions,
  logLine: (text: string) => void = log,
  typed: () => string | null = () => null,
): WebHost {
  return checkedHost({
    caps,
    seed,
    load: () => {
      const text = save.load();
      if (text !== null) onText(text);
      return text;
    },
    save: (text) => {
      onText(text);
      return save.save(text);
    },
    log: (text) => logLine(text),
    problem: () => save.problem(),
    keepDamaged: () => save.keepDamaged(),
    typed,
    ...net,
  });
}
