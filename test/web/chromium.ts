// Debian's chromium as every headless browser here runs it (the web tests,
// the PSP checks in Chromium, the PSP's online game against a page in
// test/psp/online/title-run.ts), and the build it opens: kept apart from
// browser.ts (vitest, the page's DOM types) so a script outside vitest and
// the PSP's checks can use them too.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../native/headless';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The flags every headless chromium here runs with (also the PSP checks'). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Time keeps running in a page nobody looks at: the tests play in real time.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--autoplay-policy=user-gesture-required',
];

/** Why the browser checks cannot run here, or null when they can. */
export function missing(): string | null {
  if (!existsSync(CHROMIUM)) return `no chromium at ${CHROMIUM} (make setup-test installs Debian's)`;
  return null;
}

/** Builds build/web/ (make web: quick when it is up to date). */
export function buildWeb(): void {
  execFileSync('flock', [path.join(ROOT, 'build/.web-build.lock'), 'make', '-s', '-C', ROOT, 'web'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
