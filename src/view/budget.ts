// The drawing's work budget while a new scene is prepared behind the old
// picture (src/app/app.ts drawApp). A scene's first drawing lays out all its
// text and builds all its layers, which can cost QuickJS several times the
// 600,000 instructions a frame may take (bench/results.md, "Budgets"); in
// a rehearsal each new layer and each new text layout first asks
// overBudget(), and once the frame's work is spent they are skipped (left
// unbuilt, to be built in a later frame) instead of drawn.
//
// Module state, as the draw list's writer is (src/view/drawlist.ts): a
// layer and a text slot ask it on every rebuild, and only a rehearsal
// changes it. Work is counted in units of about 2,500 QuickJS instructions:
// a glyph laid out, or a command written into a new layer.

let rehearsing = false;
let work = 0;
let limit = 0;
let skipped = 0;

/** Starts a rehearsal that may spend `units` of work before it skips what is left. */
export function beginRehearsal(units: number): void {
  rehearsing = true;
  work = 0;
  limit = units;
  skipped = 0;
}

/** Ends the rehearsal: true when everything was drawn (nothing was skipped). */
export function endRehearsal(): boolean {
  rehearsing = false;
  return skipped === 0;
}

/** Adds work done (glyphs laid out, commands written). */
export function spend(units: number): void {
  work += units;
}

/** In a rehearsal whose work is spent: true, and the caller skips its drawing (counted as skipped). */
export function overBudget(): boolean {
  if (!rehearsing || work < limit) return false;
  skipped++;
  return true;
}

/** Times overBudget() said skip in this rehearsal: a layer drawn around a skip is not kept. */
export function skips(): number {
  return skipped;
}
