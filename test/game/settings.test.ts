// Settings and lifetime statistics through host.save / host.load: they
// survive a new VM, damaged saved text gives defaults for what is
// unreadable with a one-line notice, and nothing throws.
import { afterEach, describe, expect, it } from 'vitest';
import { BTN, Driver } from '../support/driver';
import { openOptions, setOption } from './helpers';

let d: Driver;
afterEach(() => d?.dispose());

describe('saved settings', () => {
  it('survive a reload of the VM (saved on leaving Options)', async () => {
    d = await Driver.create({ seed: 2 });
    d.step(0);
    openOptions(d);
    setOption(d, 'Players', '6');
    setOption(d, 'CPU players', 'Hard');
    setOption(d, 'Slap: Marriage', 'On');
    setOption(d, 'Wrong slap', 'Burns cards');
    setOption(d, 'Wrong slap burns', '2 cards');
    setOption(d, 'Music', 'Off');
    setOption(d, 'Language', 'Русский');
    expect(d.vm.saves).toBe(0); // not saved while changing
    d.press(BTN.CIRCLE);
    expect(d.vm.saves).toBe(1);
    const saved = d.vm.saved!;
    expect(JSON.parse(saved).version).toBe(1);
    const settings = d.debug().settings;
    d.dispose();

    d = await Driver.create({ seed: 2, saved });
    d.step(0);
    const s = d.debug();
    expect(s.settings).toEqual(settings);
    expect(s.settings.players).toBe(6);
    expect(s.settings.slapRules.marriage).toBe(true);
    expect(s.settings.language).toBe('ru');
    expect(s.notice).toBe('');
    // The menu shows the restored language.
    openOptions(d);
    expect(d.debug().optionRows[0]).toMatchObject({ label: 'Правила', value: 'Классика' });
  });

  it('music follows the setting: OP_MUSIC on the first frame and on each change only', async () => {
    d = await Driver.create({ seed: 2 });
    const musicOps = (cmds: Int32Array): number[][] => {
      const out: number[][] = [];
      for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 5) out.push([cmds[o + 1]!, cmds[o + 2]!]);
      return out;
    };
    expect(musicOps(d.step(0))).toEqual([[8, 150]]);
    expect(musicOps(d.step(0))).toEqual([]);
    openOptions(d);
    let found: number[][] = [];
    const s = d.debug();
    const row = s.optionRows.findIndex((r: any) => r.label === 'Music');
    while (d.debug().optionCursor !== row) d.press(BTN.DOWN);
    found = musicOps(d.step(BTN.RIGHT));
    expect(found).toEqual([[-1, 150]]);
    expect(musicOps(d.step(0))).toEqual([]);
  });

  it('damaged saved text keeps what is readable, defaults the rest, and shows a notice once', async () => {
    const saved = JSON.stringify({
      version: 1,
      settings: { ruleSet: 'russian', players: 'many', difficulty: 'hard', language: 'xx', slapRules: { pair: false, run: 7 } },
      stats: { classic: { games: 3, wins: 1 }, russian: 'lots' },
    });
    d = await Driver.create({ seed: 4, saved });
    const first = d.step(0);
    const s = d.debug();
    expect(s.settings.ruleSet).toBe('russian');
    expect(s.settings.difficulty).toBe('hard');
    expect(s.settings.players).toBe(4);
    expect(s.settings.language).toBe('en');
    expect(s.settings.slapRules.pair).toBe(false);
    expect(s.settings.slapRules.run).toBe(false);
    // Saved before the fuller statistics: the new figures start at zero.
    expect(s.stats.classic).toMatchObject({ games: 3, wins: 1, slapsWon: 0, fastest: -1, slapHistogram: [] });
    expect(s.stats.russian).toMatchObject({ games: 0, wins: 0 });
    expect(s.notice).toMatch(/^Saved settings were damaged/);
    expect(d.vm.logs.length).toBe(1);
    // The notice is drawn (a dark band at the top) for a few seconds, then gone.
    const band = (cmds: Int32Array): boolean => {
      for (let o = 0; o < cmds.length; o += 8) if (cmds[o] === 3 && cmds[o + 1] === 0 && cmds[o + 2] === 0 && cmds[o + 3] === 480 && cmds[o + 4] === 15) return true;
      return false;
    };
    expect(band(first)).toBe(true);
    d.wait(400);
    expect(band(d.step(0))).toBe(false);
  });

  it.each([['not json at all {'], ['null'], ['[1,2,3]'], ['{"version":99}'], ['"text"']])(
    'unreadable saved text %s gives defaults and a notice, never an exception',
    async (saved) => {
      d = await Driver.create({ seed: 4, saved });
      d.step(0);
      const s = d.debug();
      expect(s.settings.ruleSet).toBe('classic');
      expect(s.settings.players).toBe(4);
      expect(s.notice).not.toBe('');
      d.press(BTN.CROSS); // the game still starts
      expect(d.debug().scene).toBe('table');
    },
  );

  it('fields a save does not have yet default quietly', async () => {
    d = await Driver.create({ seed: 4, saved: JSON.stringify({ version: 1, settings: { players: 6 }, stats: {} }) });
    d.step(0);
    const s = d.debug();
    expect(s.settings.players).toBe(6);
    expect(s.settings.ruleSet).toBe('classic');
    expect(s.notice).toBe('');
  });

  it('nothing saved yet: defaults without a notice', async () => {
    d = await Driver.create({ seed: 4, saved: null });
    d.step(0);
    expect(d.debug().notice).toBe('');
  });
});
