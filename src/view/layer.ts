// A drawn layer: commands drawn once into a Run (src/view/drawlist.ts) and
// re-emitted natively while what they were drawn from stays the same. The
// one caching mechanism of src/view: the felt, the menu scenes, the table,
// its pile and each seat.
//
//   if (layer.reuse(game, message)) return;   unchanged: copied, done
//   ...draw...
//   layer.keep();                             remember what was drawn
//
// Keys compare by identity (===), so they are the values the drawing reads:
// the game state, strings, small integers. They are plain arguments kept in
// the closure's variables: a steady frame pays one call per layer and
// allocates nothing (measured with bench/run.mjs: a call per key cost a
// steady table frame 40% more instructions, keys in an array 13% more).
import { overBudget, skips, spend } from './budget';
import { capture, copyRun, mark, newRun, type Run } from './drawlist';

export interface Layer {
  /**
   * Re-emits the layer when it was drawn from these same keys (true).
   * Otherwise remembers the keys and returns false: draw the layer, then keep() it.
   * In a rehearsal whose work is spent (src/view/budget.ts) a layer that would
   * be drawn is skipped instead: true, nothing drawn, and drawn another frame.
   */
  reuse(k0?: unknown, k1?: unknown, k2?: unknown, k3?: unknown, k4?: unknown, k5?: unknown,
    k6?: unknown, k7?: unknown, k8?: unknown, k9?: unknown, k10?: unknown, k11?: unknown): boolean;
  /** Remembers what was drawn since reuse() returned false (unless something in it was skipped). */
  keep(): void;
}

/** A key no drawing uses: a new layer's keys, so its first reuse() draws. */
const NOTHING: unknown = {};

/**
 * A new layer. `inner`: one drawn only inside another layer's drawing (a
 * seat's stack and plate inside the seat), whose work the rehearsal's budget
 * counts once, when the layer around it is kept, as it did before the inner
 * layer was cut out of it.
 */
export function newLayer(inner = false): Layer {
  const run: Run = newRun();
  /** Where this drawing started in the command buffer. */
  let from = 0;
  /** The rehearsal's skips when this drawing started: one more by keep() and the layer is incomplete. */
  let skipsAtStart = 0;
  // The keys drawn from, in reuse()'s argument order.
  let c0: unknown = NOTHING, c1: unknown = NOTHING, c2: unknown = NOTHING, c3: unknown = NOTHING;
  let c4: unknown = NOTHING, c5: unknown = NOTHING, c6: unknown = NOTHING, c7: unknown = NOTHING;
  let c8: unknown = NOTHING, c9: unknown = NOTHING, c10: unknown = NOTHING, c11: unknown = NOTHING;
  return {
    reuse(k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11): boolean {
      if (
        c0 === k0 && c1 === k1 && c2 === k2 && c3 === k3 && c4 === k4 && c5 === k5 &&
        c6 === k6 && c7 === k7 && c8 === k8 && c9 === k9 && c10 === k10 && c11 === k11
      ) {
        copyRun(run);
        return true;
      }
      if (overBudget()) return true;
      c0 = k0; c1 = k1; c2 = k2; c3 = k3; c4 = k4; c5 = k5;
      c6 = k6; c7 = k7; c8 = k8; c9 = k9; c10 = k10; c11 = k11;
      from = mark();
      skipsAtStart = skips();
      return false;
    },
    keep(): void {
      if (skips() !== skipsAtStart) {
        c0 = NOTHING; // drawn without a skipped part: drawn again next time
        return;
      }
      capture(run, from);
      if (!inner) spend(2 + ((mark() - from) >> 3));
    },
  };
}
