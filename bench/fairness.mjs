// The fairness matrix (issue 21): the modelled person (src/sim/human.ts),
// reading each card on the first frame that shows it, at four skills against
// the CPU players at each difficulty, at 2, 4 and 6 players, 400 seeded games
// a cell, through the game's own table scheduler. Writes its section into
// bench/results.md (after bench/run.mjs has written the rest) with each
// cell's 95% interval, and exits non-zero when a banded cell's interval
// leaves its band (src/sim/fairness.ts BANDS; test/ai/fairness.test.ts
// checks the first 200 of the same games in two banded cells; this is the
// only run of the whole matrix). Then blind slapping (issue 32): the same
// games with the person also pressing Cross at a fixed time after every
// card, in the flight and just past the false-start floor, against
// reacting; it exits non-zero when blind slapping gains more than
// BLIND_GAIN_MAX anywhere (test/ai/false-start.test.ts checks 2 players).
//   node bench/fairness.mjs [games per cell]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { runMatrix, matrixMarkdown, outOfBand, BANDS, SLAP_SHARE_SPREAD, runBlind, blindGains, blindMarkdown, BLIND_TIMINGS, BLIND_GAIN_MAX } = await import(
  '../src/sim/fairness.ts'
);
const { FALSE_START_MS } = await import('../src/rules/index.ts');

const games = Number(process.argv[2] ?? 400);
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const HEADING = '## Human model against the CPU players';
const BLIND_HEADING = '## Blind slapping against reacting';

const start = Date.now();
const cells = runMatrix(games);
const failures = outOfBand(cells, true);
const L = [HEADING, ''];
L.push('Slaps won / games won (95% interval of games won) by the modelled person in seat 0 (src/sim/human.ts; docs/ai.md, "What the table shows"),');
L.push('reading each card on the first frame that shows its face (the card flies face down and turns as it lands).');
L.push('Slaps won is the person\'s share of the piles claimed by a slap while they could slap; games won is their share of games.');
L.push(`Bands, each at 2, 4 and 6 players, the whole 95% interval inside: ${BANDS.map((b) => b.says).join('; ')}; the slap share moves at most ${SLAP_SHARE_SPREAD * 100} points between 2, 4 and 6 players.`);
L.push('');
L.push(matrixMarkdown(cells));
L.push(failures.length === 0 ? `Every cell in band (${((Date.now() - start) / 1000).toFixed(0)} s).` : `OUT OF BAND:\n\n${failures.map((f) => `- ${f}`).join('\n')}`);
L.push('');

const blindStart = Date.now();
const blind = runBlind(cells);
const gains = blindGains(cells, blind);
const shown = blindGains(cells, blind, true).filter((g) => !gains.includes(g));
const B = [BLIND_HEADING, ''];
B.push('Games won by the same modelled person in the same seeded games as above, reacting only, and also pressing Cross blind at a fixed time after every card is played,');
B.push(`whatever it is: ${BLIND_TIMINGS.map((b) => `${b.says} (${b.slaps.afterPlayMs} ms after the play)`).join('; ')}.`);
B.push(`A press under ${FALSE_START_MS} ms after the landing is a false start, a wrong slap whatever the pile (docs/ai.md, "False starts").`);
const held = BLIND_TIMINGS.filter((b) => b.held).map((b) => b.says);
const unheld = BLIND_TIMINGS.filter((b) => !b.held).map((b) => b.says);
B.push(`✗: more than ${BLIND_GAIN_MAX * 100} points above reacting. Held (the bench fails otherwise): blind ${held.join(' and ')}${unheld.length > 0 ? `; shown only: blind ${unheld.join(' and ')}` : ''}.`);
B.push('');
B.push(blindMarkdown(cells, blind));
B.push(gains.length === 0 ? `Blind slapping ${held.join(' or ')} gains at most ${BLIND_GAIN_MAX * 100} points in every cell (${((Date.now() - blindStart) / 1000).toFixed(0)} s).` : `BLIND SLAPPING GAINS:\n\n${gains.map((f) => `- ${f}`).join('\n')}`);
if (shown.length > 0) B.push('', `Not held (${shown.length} cells more than ${BLIND_GAIN_MAX * 100} points above reacting), for example: ${shown[0]}.`);
B.push('');

let md = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
for (const heading of [HEADING, BLIND_HEADING]) {
  const at = md.indexOf(heading);
  if (at >= 0) {
    const next = md.indexOf('\n## ', at + heading.length);
    md = md.slice(0, at) + (next >= 0 ? md.slice(next + 1) : '');
  }
}
md = md.replace(/\n*$/, '\n\n') + L.join('\n') + '\n' + B.join('\n');
writeFileSync(RESULTS, md);
console.log(L.join('\n'));
console.log(B.join('\n'));
if (failures.length > 0 || gains.length > 0) process.exit(1);
