// Two PSPs in a nearby room with no server (issue 37 item 5; docs/network.md,
// "Two PSPs without a server"): the release code's ad-hoc transport
// (native/psp/psp_nearby.c over native/core/net/nearby.c) in two of
// PPSSPP's native emulators, each in a network namespace of its own, one
// hosting through the host contract's nearby functions
// (test/psp/nearby/host.js), the other joining as the online client does,
// netOpen with "via":"nearby" (join.js); test/psp/nearby/run.ts runs them at
// the wall clock's pace. Every line of the interface is crossed: open,
// hello and joined, a message each way, a ping answered by the joining
// PSP's C, a link cut under it (away, back by itself, the host's gone and
// back for the same peer), a frame of a kind no host sends (the joiner's
// closed line, the host's gone), a second join by the same PSP (its old peer
// number), the host closing the room. PPSSPP in Chromium has no sockets:
// skipped there, saying so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../native/headless';
import { DRIVER, makePsp, missing, OUTPUT } from './ppsspp';

const why = missing() ?? (DRIVER === 'native' ? null : 'PPSSPP in Chromium has no sockets: the nearby check needs the native emulator (PPSSPP_HEADLESS)');
let lines: string[] = [];
let status: number | null = null;
const host = (): string[] => lines.flatMap((l) => (l.startsWith('host: ') ? [l.slice(6)] : []));
const join = (): string[] => lines.flatMap((l) => (l.startsWith('join: ') ? [l.slice(6)] : []));
/** The lines of `from` that match, in the order they came. */
const inOrder = (from: string[], wanted: (string | RegExp)[]): (string | RegExp)[] => {
  const missingLines: (string | RegExp)[] = [];
  let at = 0;
  for (const w of wanted) {
    const i = from.findIndex((l, k) => k >= at && (typeof w === 'string' ? l === w : w.test(l)));
    if (i < 0) missingLines.push(w);
    else at = i + 1;
  }
  return missingLines;
};

describe.skipIf(why !== null)('two PSPs in a nearby room (ad hoc) in the native PPSSPP', () => {
  beforeAll(() => {
    makePsp('psp-probe');
    const r = spawnSync('npx', ['tsx', path.join(ROOT, 'test/psp/nearby/run.ts'), path.join(ROOT, 'build/psp-probe/EBOOT.PBP'), path.join(OUTPUT, 'nearby')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    lines = `${r.stdout}${r.stderr}`.trim().split('\n');
    status = r.status;
  }, 1_800_000);

  it('ran to its end on both PSPs', () => {
    expect(lines.at(-1)).toBe('nearby: ok');
    expect(status).toBe(0);
    expect(join()).toContain('caps={"glyphs":true,"keys":null,"pads":0,"touch":[],"network":true,"nearby":true}');
  });

  it('the host opens the room, hears the PSP\'s hello, its message and its C\'s pong, and refuses what is not a line or not a peer', () => {
    expect(inOrder(host(), [
      'open true',
      'open again false',
      'nearby ["open"]',
      // The joining PSP's request and message as the JSON text its script gave, in a string.
      'nearby ["hello",1,"{\\"op\\":\\"join\\",\\"code\\":\\"NRBY234\\",\\"name\\":\\"Kim\\",\\"via\\":\\"nearby\\"}"]',
      'no such peer false',
      'not a line false',
      'joined true',
      'nearby ["m",1,"[3,[0,100]]"]',
      'm true',
      'ping true',
      'nearby ["pong",1]',
    ])).toEqual([]);
  });

  it('the joining PSP hears joined and the host\'s message as online lines, and its netSend takes only messages', () => {
    expect(inOrder(join(), [
      'open true',
      'open again false',
      'net ["joined","NRBY234"]',
      'not a message false',
      'send true',
      'net ["m",2,{"deal":[1,2,3],"names":["Psp","Kim"]}]',
    ])).toEqual([]);
  });

  it('a link cut under the joining PSP: away and back by itself; the host hears gone and back for the same peer', () => {
    expect(inOrder(join(), ['probe: nearby cut', 'net ["away"]', 'send while away false', 'net ["back"]'])).toEqual([]);
    expect(inOrder(host(), ['nearby ["gone",1]', 'ping while gone false', 'nearby ["back",1]'])).toEqual([]);
    // The same PSP (its MAC): the host saw its link twice and no second hello before the bad frame.
    expect(host().filter((l) => l.startsWith('nearby ["hello"')).length).toBe(2);
  });

  it('bad bytes from the host end the joining PSP\'s room in a clear line; it joins again as the same peer; the host\'s close reaches it', () => {
    expect(inOrder(host(), ['probe: nearby bad frame', 'nearby ["gone",1]', /^nearby \["hello",1,/, 'same peer true', 'joined true', 'closed the room; receive after null'])).toEqual([]);
    expect(inOrder(join(), [
      'net ["closed","bad message from the nearby host: a frame of an unknown kind"]',
      'open after closed true',
      'net ["joined","NRBY234"]',
      'net ["closed","host left"]',
      'done',
    ])).toEqual([]);
  });
});
