// Two PSPs in a nearby room, no server (test/psp/nearby.test.ts): two
// native emulators (test/psp/nearby/pair.ts: an address each, PPSSPP's
// built-in ad-hoc server, the wall clock's pace) running the probe build
// (build/psp-probe), the hosting one with test/psp/nearby/host.js in the
// game's place, the joining one with join.js. The joining PSP boots once the
// host's room is open. Prints both scripts' lines and the C's ("host: ...",
// "join: ...") and one last line, "nearby: ok" or "nearby: FAIL <why>".
//
//   npx tsx test/psp/nearby/run.ts EBOOT OUT   (re-runs itself under unshare)
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownNetwork } from '../../../tools/psp-emulator/netns.mjs';
import { seen, startPair, type Pair } from './pair';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../../..');
const [eboot, out] = process.argv.slice(2).map((a) => path.resolve(a));

ownNetwork(HERE, 'nearby');

const say = (line: string): boolean => process.stdout.write(line + '\n');

/** A PSP's folder: the EBOOT, its probe script beside it (run in the game's place, native/psp/main.c). */
function game(name: string, probe: string): string {
  const dir = path.join(out!, name, 'game');
  mkdirSync(dir, { recursive: true });
  copyFileSync(eboot!, path.join(dir, 'EBOOT.PBP'));
  copyFileSync(path.join(ROOT, 'test/psp/nearby', probe), path.join(dir, 'probe.js'));
  return path.join(dir, 'EBOOT.PBP');
}

async function main(): Promise<void> {
  rmSync(out!, { recursive: true, force: true });
  const pair: Pair = await startPair(
    { eboot: game('host', 'host.js'), out: path.join(out!, 'host', 'run'), untilMs: 150_000 },
    { eboot: game('join', 'join.js'), out: path.join(out!, 'join', 'run'), untilMs: 150_000 },
    path.join(out!, 'go'),
  );
  const report = (): void => {
    for (const l of pair.host.printed()) say(`host: ${l}`);
    for (const l of pair.join.printed()) say(`join: ${l}`);
  };
  try {
    await seen(pair.host, /^nearby \["open"\]$/, 60_000);
    pair.boot();
    await seen(pair.join, /^done$/, 120_000);
    await seen(pair.host, /^closed the room/, 10_000);
    // Both quit by themselves (their scripts' QUIT); the driver's time limit is the backstop.
    await pair.close(20_000);
    report();
    say('nearby: ok');
  } catch (e) {
    await pair.close(0);
    report();
    say(`host driver: ${pair.host.said()}`);
    say(`join driver: ${pair.join.said()}`);
    say(`nearby: FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  }
}

await main();
