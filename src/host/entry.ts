// The only module that touches globalThis: reads the host's `host` object,
// starts the app and publishes `ratscrew` (docs/host-api.md).
import { FALLBACK_CODE } from '../assets/font';
import { appFrame, drawApp, prepareFirstPicture, startApp } from '../app/app';
import { debugState } from '../app/debug';
import { bindCommands } from '../view/drawlist';
import { newView } from '../view/view';
import { setFallbackCode } from '../view/text';
import { asSaveProblem, COMMAND_INTS, MAX_COMMANDS, readCapabilities, TAP_NONE, type Entry, type Host } from '../contract';

/**
 * A host without load/save/log still runs the game (nothing is saved); its
 * capabilities are checked field by field, the PSP's where one is missing or
 * wrong; a problem name this bundle does not know counts as none.
 */
function completeHost(host: Partial<Host> | undefined): Host {
  const h = host ?? {};
  return {
    seed: typeof h.seed === 'number' ? h.seed >>> 0 : 1,
    caps: readCapabilities(h.caps),
    load: () => (typeof h.load === 'function' ? h.load() : null),
    save: (text) => (typeof h.save === 'function' ? h.save(text) : false),
    log: (text) => {
      if (typeof h.log === 'function') h.log(text);
    },
    problem: () => (typeof h.problem === 'function' ? asSaveProblem(h.problem()) : null),
    keepDamaged: () => (typeof h.keepDamaged === 'function' ? h.keepDamaged() === true : false),
    // A host without the net functions has no network (its caps say so too).
    netOpen: (request) => (typeof h.netOpen === 'function' ? h.netOpen(request) === true : false),
    netSend: (message) => (typeof h.netSend === 'function' ? h.netSend(message) === true : false),
    netReceive: () => {
      const got = typeof h.netReceive === 'function' ? h.netReceive() : null;
      return typeof got === 'string' ? got : null;
    },
    netClose: () => {
      if (typeof h.netClose === 'function') h.netClose();
    },
    // A host without ad hoc hosts and joins no nearby room (its caps.nearby is false too).
    nearbyOpen: (code) => (typeof h.nearbyOpen === 'function' ? h.nearbyOpen(code) === true : false),
    nearbyReceive: () => {
      const got = typeof h.nearbyReceive === 'function' ? h.nearbyReceive() : null;
      return typeof got === 'string' ? got : null;
    },
    nearbySend: (peer, line) => (typeof h.nearbySend === 'function' ? h.nearbySend(peer, line) === true : false),
    nearbyPing: (peer) => (typeof h.nearbyPing === 'function' ? h.nearbyPing(peer) === true : false),
    nearbyClose: () => {
      if (typeof h.nearbyClose === 'function') h.nearbyClose();
    },
    // A host without a keyboard's text: the letter picker alone.
    typed: () => {
      const got = typeof h.typed === 'function' ? h.typed() : null;
      return typeof got === 'string' ? got : null;
    },
    // A host that draws nothing of its own beside the picture need not hear it.
    chosen: (language, people) => {
      if (typeof h.chosen === 'function') h.chosen(language, people);
    },
  };
}

/**
 * The `ratscrew` object of one App and its View, drawing into `commands`.
 * Every host gets it from installEntry; the tests' Node engine
 * (test/support/engine.ts) makes several over one buffer, as two Apps in
 * one module instance share the draw list's writer (src/view/drawlist.ts).
 */
export function newEntry(host: Partial<Host> | undefined, commands: Int32Array): Entry {
  bindCommands(commands);
  setFallbackCode(FALLBACK_CODE);
  const app = startApp(completeHost(host));
  // What the view remembers of what it drew: beside the App, never inside it.
  const view = newView();
  prepareFirstPicture(app, view);
  return {
    commands,
    frame(nowMs: number, buttons: number, tap?: number): number {
      // A host without a pointer leaves the tap out (the PSP's: native/core/vm.c vm_frame).
      appFrame(app, nowMs, buttons | 0, typeof tap === 'number' ? tap | 0 : TAP_NONE);
      return drawApp(app, view, nowMs);
    },
    debug: () => debugState(app),
  };
}

export function installEntry(): void {
  const g = globalThis as unknown as { host?: Partial<Host>; ratscrew?: Entry };
  g.ratscrew = newEntry(g.host, new Int32Array(MAX_COMMANDS * COMMAND_INTS));
}
