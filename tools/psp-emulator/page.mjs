// The page Chromium loads: EmulatorJS (its loader, front end and PPSSPP
// core, served by server.mjs) set up to boot /game/<EBOOT> at once, with
// the core's log on the console, and a runner that works between emulated
// frames: it presses and releases buttons and copies the picture.
//
// Why between frames: the emulator's WebGL canvas is not preserved after it
// is shown, so its pixels can be read only in the task that drew them. The
// core is an Emscripten module; EmulatorJS creates it by calling the global
// EJS_Runtime factory, and an Emscripten module calls Module.postMainLoop
// after each main-loop iteration. The page catches the factory as the core
// script defines it and adds that hook, so the runner sees every iteration
// and RetroArch's frame counter tells which ones drew a new frame.

/** PSP button -> [RetroArch joypad id for gameManager.simulateInput, value when down]. */
export const BUTTONS = {
  cross: [0, 1],
  square: [1, 1],
  select: [2, 1],
  start: [3, 1],
  up: [4, 1],
  down: [5, 1],
  left: [6, 1],
  right: [7, 1],
  circle: [8, 1],
  triangle: [9, 1],
  l: [10, 1],
  r: [11, 1],
};

/** The HTML: EmulatorJS's settings, the hook on EJS_Runtime, the loader. */
export function pageHtml({ game, coreOptions }) {
  const settings = {
    EJS_player: '#game',
    EJS_core: 'psp',
    EJS_pathtodata: '/data/',
    EJS_gameUrl: `/game/${game}`,
    EJS_gameName: 'game',
    EJS_threads: true, // the PPSSPP core exists only as a threaded build
    EJS_startOnLoaded: true,
    // The npm package has only the unminified sources (data/src), which the
    // loader takes in debug mode; debug mode also sends the core's log,
    // with the game's printf lines, to the console.
    EJS_DEBUG_XX: true,
    EJS_disableDatabases: true,
    EJS_disableLocalStorage: true,
    EJS_language: 'en-US',
    EJS_volume: 0,
    EJS_noAutoFocus: true,
    EJS_defaultOptions: coreOptions,
  };
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>psp-emulator</title><link rel="icon" href="data:,">
<style>
  html, body { margin: 0; background: #000; overflow: hidden; }
  #game { width: 480px; height: 272px; }
  .ejs_menu_bar, .ejs_message, .ejs_virtualGamepad_parent, .ejs_context_menu, .ejs_popup_container { display: none !important; }
</style></head><body><div id="game"></div>
<script>
${Object.entries(settings).map(([k, v]) => `window.${k} = ${JSON.stringify(v)};`).join('\n')}
window.__emu = { startedAt: null, onIteration: null, entryFrame: null };
// The frame at which PPSSPP started the game's module: steps count from it.
// How many frames the boot takes depends on how busy the machine is (the
// loader runs in a thread of its own while RetroArch counts frames); from
// the module's start on, emulated frames and the game's clock go together.
// The core's log reaches the console on this thread (Emscripten proxies a
// thread's writes here), so the frame is read as the line goes by.
(() => {
  const log = console.log.bind(console);
  console.log = (...args) => {
    const emu = window.__emu;
    if (emu.entryFrame === null && /\[LOADER\] Module entry/.test(String(args[0]))) {
      try {
        emu.entryFrame = window.EJS_emulator.gameManager.getFrameNum();
      } catch {
        emu.entryFrame = -1; // read when the runner starts
      }
    }
    log(...args);
  };
})();
window.EJS_onGameStart = () => { window.__emu.startedAt = performance.now(); };
(() => {
  let factory;
  Object.defineProperty(window, 'EJS_Runtime', {
    configurable: true,
    get: () => factory,
    set: (made) => {
      factory = typeof made !== 'function' ? made : (module = {}) => {
        const before = module.postMainLoop;
        module.postMainLoop = () => {
          if (before) before();
          if (window.__emu.onIteration) window.__emu.onIteration();
        };
        return made(module);
      };
    },
  });
})();
// EmulatorJS asks its web site whether a newer version exists; no network
// here, so the question is answered at once rather than failing in the log.
(() => {
  const fetchFrom = window.fetch.bind(window);
  window.fetch = (what, init) => String(typeof what === 'string' ? what : what && what.url).includes('cdn.emulatorjs.org')
    ? Promise.resolve(new Response('', { status: 404 })) : fetchFrom(what, init);
})();
window.addEventListener('error', (e) => console.error('[page error] ' + (e.message || e)));
</script>
<script src="/data/loader.js"></script>
</body></html>`;
}

/**
 * Runs in the page (passed to page.evaluate): from now on, at each new
 * emulated frame, takes the pictures asked for at the frame before, releases
 * the buttons whose hold is over, and applies the steps that are due.
 * Steps: { at_frame, press?: [button], screenshot?: name }, sorted by frame;
 * at_frame counts from the frame at which the game's module started.
 * Presses and screenshots are told on the console ("[harness] ..."), so they
 * stand in the log among the game's own lines; pictures go to node through
 * the exposed function __emuShot(name, frame, pngDataUrl).
 */
export function startRunner({ steps, buttons, holdFrames }) {
  const emu = window.__emu;
  const game = window.EJS_emulator.gameManager;
  if (emu.entryFrame === null || emu.entryFrame < 0) emu.entryFrame = game.getFrameNum();
  const base = emu.entryFrame;
  const frame = () => game.getFrameNum() - base;
  const queue = steps.slice();
  const held = new Map(); // button -> frame at which it is released
  const lastUp = new Map(); // button -> frame of its last release
  let wanted = [];
  let seen = frame();
  emu.pending = () => queue.length + held.size + wanted.length;
  emu.error = null;
  const set = (b, down) => game.simulateInput(0, buttons[b][0], down ? buttons[b][1] : 0);
  emu.onIteration = () => {
    const f = frame();
    if (f === seen || emu.error) return;
    seen = f;
    try {
      // The canvas now holds frame f: the pictures asked for before it.
      for (const name of wanted) window.__emuShot(name, f, window.EJS_emulator.canvas.toDataURL('image/png'));
      wanted = [];
      for (const [b, until] of held) {
        if (f < until) continue;
        set(b, false);
        held.delete(b);
        lastUp.set(b, f);
      }
      while (queue.length && queue[0].at_frame <= f) {
        const step = queue[0];
        // A button still held (or just released) waits: the game must see
        // it up for a frame to take the next press as a new one.
        const busy = (step.press ?? []).some((b) => held.has(b) || lastUp.get(b) === f);
        if (busy) break;
        queue.shift();
        for (const b of step.press ?? []) {
          set(b, true);
          held.set(b, f + (step.hold_frames ?? holdFrames));
          console.log(`[harness] press ${b} at frame ${f}${step.comment ? ` (${step.comment})` : ''}`);
        }
        if (step.screenshot) wanted.push(step.screenshot);
      }
    } catch (e) {
      emu.error = String((e && e.stack) || e);
    }
  };
  return { frame: frame(), base };
}
