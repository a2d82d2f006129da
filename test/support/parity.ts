// The parity set (docs/testing.md): the input scripts of test/scripts/ whose
// every frame's hash the four engines must give as the native headless host
// does: quickjs-emscripten (test/native/cross-check.test.ts), Chromium's
// (test/web/replay.test.ts, every script) and the PSP's in PPSSPP
// (test/psp/replay.test.ts), besides Node, which replays every script.
// Between them they show the title and menus in Russian over a saved game,
// two people at one PSP, and a classic game's moments (the quit question,
// slaps won and lost, the pause and its 3-2-1, the out-of-the-game prompt,
// ending from the pause menu).
export const PARITY_SCRIPTS: readonly string[] = ['russian-ui.json', 'two-players.json', 'moments.json'];
