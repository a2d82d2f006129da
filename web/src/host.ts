// The `host` object the bundle reads (docs/host-api.md §1), as the page
// provides it: saves in localStorage (src/save.ts), log lines on the
// console, a seed from the browser's random source.
import type { LocalSave } from './save';

export interface WebHost {
  readonly platform: string;
  readonly seed: number;
  load(): string | null;
  save(text: string): boolean;
  log(text: string): void;
  problem(): string | null;
}

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

/** onText sees the saved text as it is loaded and saved (the touch zones read the number of people). */
export function pageHost(save: LocalSave, platform: string, seed: number, onText: (text: string) => void): WebHost {
  return {
    platform,
    seed,
    load: () => {
      const text = save.load();
      if (text !== null) onText(text);
      return text;
    },
    save: (text) => {
      onText(String(text));
      return save.save(String(text));
    },
    log: (text) => log(String(text)),
    problem: () => save.problem(),
  };
}
