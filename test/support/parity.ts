// The parity set (docs/testing.md): the input scripts of test/scripts/ that
// every engine replays, every frame's hash compared with the native headless
// host's: quickjs-emscripten (test/native/cross-check.test.ts), besides Node
// and the native host, which replay every script. Between them they show
// the title and menus, Russian text over a saved game, two people at one
// PSP, and a classic game's moments (slaps won and lost, the pause, the
// out-of-the-game prompt, ending from the pause menu).
export const PARITY_SCRIPTS: readonly string[] = ['smoke.json', 'russian-ui.json', 'two-players.json', 'moments.json'];
