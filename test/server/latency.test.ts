// The latency proof (issue 35, item 3): people on simulated networks (one-way
// latency 0-250 ms, jitter ±30 ms, lost segments resent after TCP's
// retransmission timeout) race each other and a CPU player for slappable
// piles; the winner of every race whose first two slaps differ by at least
// one frame must be the one-device winner for the same reaction times (the
// rules' orderSlaps over each slap's time from the landing). Over at least
// 1,000 races. The server's table runs exactly as in a room
// (src/net/net-table.ts); only the network and the people are simulated
// (test/server/sim.ts).
import { describe, expect, it } from 'vitest';
import { Sim, defaultClassic, rng, type PersonSpec } from './sim';

const FRAME_MS = 17;

function person(r: () => number, latency: number): PersonSpec {
  const link = { latency, jitter: 30, loss: 0.01 };
  return { down: link, up: { ...link }, reaction: () => 230 + r() * 420, slaps: 0.95 };
}

describe('races judged by reaction time over the network', () => {
  it('gives every race the one-device winner, over 1,000 races at 0-250 ms one way with jitter and lost segments', () => {
    const races: { expected: number; judged: number; gap: number }[] = [];
    let refused = 0;
    let missed = 0;
    let lost = 0;
    let game = 0;
    const waits: number[] = [];
    while (races.length < 1000 && game < 200) {
      const r = rng(1000 + game);
      const options = defaultClassic(4);
      // More patterns, more races.
      options.slapRules = { ...options.slapRules, tens: true, marriage: true, topBottom: true };
      const sim = new Sim({
        options,
        seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'cpu' }, { kind: 'person' }],
        people: [person(r, r() * 250), person(r, r() * 250), person(r, r() * 250)],
        seed: 77 + game,
      });
      sim.run(30 * 60_000);
      for (const race of sim.races(FRAME_MS)) races.push(race);
      for (const p of sim.nt.people) if (p) (refused += p.refused), (missed += p.missed);
      lost += 0;
      waits.push(sim.nt.counts.waitedMs / Math.max(1, sim.nt.counts.waits));
      game++;
    }
    const wrong = races.filter((r) => r.expected !== r.judged);
    console.log(`latency proof: ${races.length} races in ${game} games, ${wrong.length} judged otherwise than on one device; honest stamps refused ${refused}, windows missed ${missed}; mean wait per judged race ${Math.round(waits.reduce((a, b) => a + b, 0) / waits.length)} ms`);
    expect(races.length).toBeGreaterThanOrEqual(1000);
    expect(wrong).toEqual([]);
    expect(refused).toBe(0);
  });
});
