// The fairness matrix (issue 21): the modelled person (src/sim/human.ts),
// reading each card on the first frame that shows it, at four skills against
// the CPU players at each difficulty, at 2, 4 and 6 players, 400 seeded games
// a cell, through the game's own table scheduler. Writes its section into
// bench/results.md (after bench/run.mjs has written the rest) with each
// cell's 95% interval, and exits non-zero when a banded cell's interval
// leaves its band (src/sim/fairness.ts BANDS; test/ai/fairness.test.ts
// checks the first 200 of the same games in two banded cells; this is the
// only run of the whole matrix).
//   node bench/fairness.mjs [games per cell]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { runMatrix, matrixMarkdown, outOfBand, BANDS, SLAP_SHARE_SPREAD } = await import('../src/sim/fairness.ts');

const games = Number(process.argv[2] ?? 400);
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const HEADING = '## Human model against the CPU players';

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
const section = L.join('\n');

let md = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
const at = md.indexOf(HEADING);
if (at >= 0) {
  const next = md.indexOf('\n## ', at + HEADING.length);
  md = md.slice(0, at) + (next >= 0 ? md.slice(next + 1) : '');
}
md = md.replace(/\n*$/, '\n\n') + section;
writeFileSync(RESULTS, md);
console.log(section);
if (failures.length > 0) process.exit(1);
