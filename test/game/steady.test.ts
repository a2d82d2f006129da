// Steady frames allocate nothing: with the VM's memory limit set to exactly
// what is in use, a run of frames in which nothing happens must still go
// through (any allocation at all would fail). The frames are called from
// inside the VM so that the test harness allocates nothing either.
import { afterEach, describe, expect, it } from 'vitest';
import type { QuickJSContext } from 'quickjs-emscripten';
import { Driver } from '../support/driver';
import { BundleVM } from '../support/quickjs-host';
import { openOptions, pairOrSandwich, playUntil, startGame } from './helpers';
import { BTN, DEFAULT_CAPABILITIES } from '../../src/contract';
import { Air } from '../support/nearby-air';

let d: Driver;
afterEach(() => d?.dispose());

/** The QuickJS context the driver's game runs in: these checks are of QuickJS's heap. */
function quickjsOf(d: Driver): QuickJSContext {
  if (!(d.vm instanceof BundleVM)) throw new Error('steady frames are checked in QuickJS');
  return d.vm.vm;
}

function callOk(vm: QuickJSContext, name: string, ...args: number[]): boolean {
  const fn = vm.getProp(vm.global, name);
  const handles = args.map((a) => vm.newNumber(a));
  const res = vm.callFunction(fn, vm.undefined, ...handles);
  for (const h of handles) h.dispose();
  fn.dispose();
  if (res.error) {
    res.error.dispose();
    return false;
  }
  res.value.dispose();
  return true;
}

/**
 * The tightest memory limit: one below what a tiny allocation (a fresh
 * 2-character string, about 20 bytes) needs on top of what is in use now,
 * found by bisection. Under it any object, array, closure or longer string fails.
 */
function tightLimit(vm: QuickJSContext): number {
  vm.unwrapResult(vm.evalCode('globalThis.__probe = function (k) { return String.fromCharCode(65 + (k & 7), 66).length; }')).dispose();
  let lo = 0;
  let hi = 64 * 1024 * 1024;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    vm.runtime.setMemoryLimit(mid);
    if (callOk(vm, '__probe', mid)) hi = mid;
    else lo = mid + 1;
  }
  vm.runtime.setMemoryLimit(64 * 1024 * 1024);
  return lo - 1;
}

/** Runs `n` frames with no buttons inside the VM under a zero-headroom memory limit; returns the error text or ''. */
function framesWithoutAllocating(vm: QuickJSContext, startMs: number, n: number, code?: string): string {
  vm.unwrapResult(
    vm.evalCode(
      code ??
        'globalThis.__steady = function (t0, n) { var c = 0; for (var i = 0; i < n; i++) c += ratscrew.frame(t0 + ((i * 1000 / 60) | 0), 0); return c; }',
    ),
  ).dispose();
  const limit = tightLimit(vm);
  const fn = vm.getProp(vm.global, '__steady');
  const t0 = vm.newNumber(startMs);
  const count = vm.newNumber(n);
  vm.runtime.setMemoryLimit(limit);
  const res = vm.callFunction(fn, vm.undefined, t0, count);
  vm.runtime.setMemoryLimit(64 * 1024 * 1024);
  let error = '';
  if (res.error) {
    error = JSON.stringify(vm.dump(res.error));
    res.error.dispose();
  } else res.value.dispose();
  fn.dispose();
  t0.dispose();
  count.dispose();
  return error || '';
}

describe('steady frames', () => {
  it('the zero-headroom check catches an allocation', async () => {
    d = await Driver.create({ seed: 1, engine: 'quickjs' });
    d.step(0);
    const err = framesWithoutAllocating(
      quickjsOf(d),
      d.now,
      1,
      'globalThis.__steady = function (t0, n) { var a = []; for (var i = 0; i < 100; i++) a.push({ i: i }); return a.length; }',
    );
    expect(err).not.toBe('');
  });

  it('a 6-player table waiting for the human allocates nothing', async () => {
    // A seed whose human soon has a turn on a pile of four or more (at seed 9 they ran out first with issue 21's CPUs,
    // at seed 3 since a wrong slap pays a card).
    d = await startGame(8, { Players: '6' }, 'quickjs');
    playUntil(
      d,
      // Nothing to slap either: a slappable pile would be taken while the human waits.
      (s) => s.table.game.turn === 0 && s.table.game.pendingCollect === null && s.table.game.pile.length > 3 && s.table.game.challenge === null && !pairOrSandwich(s.table.game.pile),
    );
    d.wait(240); // animations over, CPU slap plans spent, the message line's 3 s run out
    expect(d.debug().table.timers.plans).toEqual([]);
    expect(framesWithoutAllocating(quickjsOf(d), d.now, 120)).toBe('');
  });

  it('the title and the options menu allocate nothing while idle', async () => {
    d = await Driver.create({ seed: 1, engine: 'quickjs' });
    // A quarter-second in, the title deals the game Play would start (src/app/session.ts dealAhead); from then on it idles.
    d.wait(30);
    expect(framesWithoutAllocating(quickjsOf(d), d.now, 60)).toBe('');
    d.frameIndex += 60;
    d.step(0);
    openOptions(d);
    d.wait(10); // its page prepared (src/app/app.ts drawApp)
    expect(framesWithoutAllocating(quickjsOf(d), d.now, 60)).toBe('');
  });

  it('a nearby room\'s lobby hosted by this PSP allocates nothing while idle', async () => {
    // Its script runs the room (src/app/hosting.ts): each frame it asks the C for lines and the room for deeds, and finds none.
    const air = new Air();
    d = await Driver.quickjs({ seed: 1, caps: { ...DEFAULT_CAPABILITIES, nearby: true }, saved: JSON.stringify({ version: 1, settings: { name: 'Ann' } }), net: air.host() });
    d.wait(2);
    d.presses(BTN.DOWN, BTN.CROSS, BTN.CROSS, BTN.START);
    for (let i = 0; i < 60; i++) {
      air.tick(d.now);
      d.step(0);
    }
    expect(d.debug().online.room.lobby.names[0]).toBe('Ann');
    expect(framesWithoutAllocating(quickjsOf(d), d.now, 60)).toBe('');
  });
});
