import { describe, expect, it } from 'vitest';
import { parseArgs, report, simulate } from '../../tools/sim';

describe('the simulator', () => {
  it('reads its options and plays a deterministic session', () => {
    const args = parseArgs(['--rules', 'classic', '--players', '3', '--games', '60', '--seed', '5', '--slaps', 'pair,run', '--wrap', '--penalty', '2']);
    expect(args.options.players).toBe(3);
    expect(args.options.slapRules.pair && args.options.slapRules.run && !args.options.slapRules.sandwich).toBe(true);
    expect([args.options.runWrap, args.options.wrongSlap, args.options.wrongSlapPenalty]).toEqual([true, 'burn', 2]);
    expect(parseArgs(['--wrong-slap', 'ban']).options.wrongSlap).toBe('ban');
    expect(parseArgs([]).options.wrongSlap).toBe('pay');
    const a = simulate(args);
    const b = simulate(args);
    expect(a.lengths).toEqual(b.lengths);
    expect(a.wins).toEqual(b.wins);
    expect(a.wins.reduce((x, y) => x + y, 0)).toBe(60);
    const text = report(args, a);
    expect(text).toMatch(/winners by seat/);
    expect(text).toMatch(/median \d+/);
    expect(text).toMatch(/games\/s/);
  });

  it('runs Russian sessions with jokers', () => {
    const args = parseArgs(['--rules', 'russian', '--jokers', 'chooser', '--games', '40']);
    expect(args.options.russianJokers).toBe('chooser');
    const summary = simulate(args);
    expect(summary.endedBy.rules + summary.endedBy.cardLimit + summary.endedBy.repeat).toBe(40);
  });
});
