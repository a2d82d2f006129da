// A client that lies about its stamps (issue 35, item 4): it claims to have
// slapped sooner after the landing than it did. The server checks each
// stamp against its own clock (src/net/net-table.ts earliestStamp: the time
// from the face going out to the press arriving, less the round trips the
// pongs measured around them) and refuses what is faster than that allows,
// so the lie gains at most STAMP_TOLERANCE_MS over honest play, plus what
// the round trips themselves varied by (jitter). Measured on the races the
// liar won: its judged time against its true one.
import { describe, expect, it } from 'vitest';
import { STAMP_TOLERANCE_MS } from '../../src/net/net-table';
import { Sim, defaultClassic, rng, type PersonSpec } from './sim';

function liarGains(lie: number, jitter: number, games: number): { gains: number[]; refused: number; honestRefused: number } {
  const gains: number[] = [];
  let refused = 0;
  let honestRefused = 0;
  for (let game = 0; game < games; game++) {
    const r = rng(500 + game);
    const link = { latency: 40 + game * 20, jitter, loss: 0 };
    const honest: PersonSpec = { down: link, up: link, reaction: () => 250 + r() * 300, slaps: 1 };
    const liar: PersonSpec = { down: link, up: link, reaction: () => 250 + r() * 300, slaps: 1, lie };
    const options = defaultClassic(3);
    options.slapRules = { ...options.slapRules, tens: true, marriage: true };
    const sim = new Sim({ options, seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'cpu' }], people: [honest, liar], seed: 900 + game });
    sim.run(20 * 60_000);
    for (const pile of sim.piles.values()) {
      if (pile.takenBy !== 1) continue;
      const told = pile.slaps.find((s) => s.person && s.seat === 1);
      const judged = pile.judged.get(1);
      if (told && judged !== undefined) gains.push(told.sent - judged);
    }
    refused += sim.nt.people[1]!.refused;
    honestRefused += sim.nt.people[0]!.refused;
  }
  return { gains, refused, honestRefused };
}

describe('a client that lies about its stamps', () => {
  it('gains at most the tolerance on a steady link, and its lies are refused and counted', () => {
    for (const lie of [30, 300]) {
      const { gains, refused, honestRefused } = liarGains(lie, 0, 4);
      const most = Math.max(...gains);
      console.log(`lying by ${lie} ms, steady links: ${gains.length} races won, the most gained ${most} ms (tolerance ${STAMP_TOLERANCE_MS}); refused ${refused}`);
      expect(gains.length).toBeGreaterThan(20);
      expect(most).toBeLessThanOrEqual(Math.min(lie, STAMP_TOLERANCE_MS));
      expect(honestRefused).toBe(0);
      if (lie > STAMP_TOLERANCE_MS) expect(refused).toBeGreaterThan(0);
    }
  });

  it('gains at most the tolerance and the round trips\' spread with jitter', () => {
    const jitter = 30;
    const { gains, refused } = liarGains(300, jitter, 4);
    const most = Math.max(...gains);
    console.log(`lying by 300 ms, ±${jitter} ms jitter: ${gains.length} races won, the most gained ${most} ms; refused ${refused}`);
    expect(gains.length).toBeGreaterThan(20);
    // Each leg's jitter can fall on the liar's side once for the face's ping and once for the press (4 x 30).
    expect(most).toBeLessThanOrEqual(STAMP_TOLERANCE_MS + 4 * jitter);
  });
});
