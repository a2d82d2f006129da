// Hints only to a seat that can act now (issue 20): the help line and the
// legend of buttons show what the person can do at this moment, and nothing
// once they can do nothing; while they name a joker's taker, the legend says
// how to choose and the turn arrow steps aside for the highlight.
import { beforeEach, describe, expect, it } from 'vitest';
import { SPRITES } from '../../src/assets/atlas';
import { FALLBACK_CODE } from '../../src/assets/font';
import { EN } from '../../src/app/i18n/en';
import { CAN_CHOOSE, CAN_PLAY, CAN_SLAP, newTableDisplay } from '../../src/view/table-display';
import { newCues } from '../../src/app/cues';
import { newTableShow, updateHint, type Naming, type TableShow } from '../../src/app/table-show';
import type { Controller } from '../../src/table/seats';
import { COMMAND_INTS, OP_SPRITE } from '../../src/contract';
import { defaultOptions, newGame } from '../../src/rules';
import type { GameState } from '../../src/rules/types';
import { setFallbackCode } from '../../src/view/text';
import { bindScratch, slapFrame } from './slap-scenes';

function appAt(game: GameState): TableShow {
  const shown = newTableDisplay();
  shown.names = [EN.you, 'Dana', 'Alex'];
  shown.human = 0;
  shown.game = game;
  const seats: Controller[] = [{ kind: 'human', pad: 0 }, { kind: 'cpu', difficulty: 'medium' }, { kind: 'cpu', difficulty: 'medium' }];
  return newTableShow(shown, EN, newCues(), seats, 0, false, 0);
}

const base: GameState = newGame(defaultOptions('classic', 3), 1, 0);

describe('what the person is told they can do', () => {
  it('on their turn: play and slap', () => {
    const app = appAt({ ...base, turn: 0 });
    updateHint(app, app.display.game!, null);
    expect(app.display.can).toBe(CAN_PLAY | CAN_SLAP);
    expect(app.display.hint).toBe(EN.yourTurn);
  });

  it("on another's turn: slap only", () => {
    const app = appAt({ ...base, turn: 1 });
    updateHint(app, app.display.game!, null);
    expect(app.display.can).toBe(CAN_SLAP);
  });

  it('out of cards with slapping back in on: slap only', () => {
    const app = appAt({ ...base, turn: 1, stacks: [[], base.stacks[1]!, base.stacks[2]!], options: { ...base.options, slapIn: true } });
    updateHint(app, app.display.game!, null);
    expect(app.display.can).toBe(CAN_SLAP);
  });

  it('out of the game (no cards, slapping back in off; or barred): nothing at all', () => {
    for (const game of [
      { ...base, turn: 1, stacks: [[], base.stacks[1]!, base.stacks[2]!], options: { ...base.options, slapIn: false } },
      { ...base, turn: 1, stacks: [[], base.stacks[1]!, base.stacks[2]!], barred: [true, false, false], options: { ...base.options, slapIn: true } },
    ]) {
      const app = appAt(game);
      updateHint(app, game, null);
      expect(app.display.can).toBe(0);
      expect(app.display.hint).toBe('');
    }
  });

  it('naming a joker\'s taker: choose and confirm, nothing else', () => {
    const app = appAt({ ...base, turn: 0 });
    const naming: Naming = { seat: 0, pick: 1 };
    updateHint(app, app.display.game!, naming);
    expect(app.display.can).toBe(CAN_CHOOSE);
    expect(app.display.hint).toBe(EN.chooseHint);
  });
});

describe('the table while the person names a taker', () => {
  beforeEach(() => {
    setFallbackCode(FALLBACK_CODE);
    bindScratch();
  });

  const arrows = (cmds: Int32Array): number => {
    const a = SPRITES.arrow;
    let n = 0;
    for (let o = 0; o < cmds.length; o += COMMAND_INTS) if (cmds[o] === OP_SPRITE && cmds[o + 5] === (a[0]! | (a[1]! << 16))) n++;
    return n;
  };

  it('shows no turn arrow at their stack, only the highlight', () => {
    const app = appAt({ ...base, turn: 0 });
    const t = app.display;
    t.toAct = 0;
    t.can = CAN_PLAY | CAN_SLAP;
    slapFrame(t, 1000);
    expect(arrows(slapFrame(t, 1017))).toBe(1);
    t.chooser = 0;
    t.pick = 1;
    t.can = CAN_CHOOSE;
    slapFrame(t, 1034);
    expect(arrows(slapFrame(t, 1051))).toBe(0);
  });
});
