// The loop's own figures (issue 31, docs/testing.md): make test from a
// clean clone of this commit, run as CI runs it (.ci/run, with ../shared
// beside the clone when this checkout has one, so the PSP stage runs), and
// then make check in that clone, warm. Writes its section into
// bench/results.md (after bench/run.mjs has written the rest): one line a
// stage, wall and CPU seconds, and the load the machine had, since a shared
// machine's wall times grow with it.
//   node bench/loop.mjs            the clone in a temporary folder, removed after
//   node bench/loop.mjs --keep     ... kept, its path printed
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = join(ROOT, 'bench/results.md');
const HEADING = '## The loop (make test from a clean clone, make check warm)';
const keep = process.argv.includes('--keep');

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const git = (...args) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

/** Runs a command in the clone with its output passed through; its wall seconds and the load before and after. */
function timed(cwd, command, args) {
  const before = load();
  const start = Date.now();
  const r = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return { ok: r.status === 0, seconds: Math.round((Date.now() - start) / 1000), before, after: load() };
}

/** tools/test/stage.sh's lines: name, wall s, CPU s, status. */
function stages(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
}

const commit = git('rev-parse', '--short', 'HEAD');
const base = mkdtempSync(join(tmpdir(), 'ratscrew-loop-'));
const clone = join(base, 'main');
execFileSync('git', ['clone', '--quiet', ROOT, clone]);
const shared = join(dirname(ROOT.replace(/\/$/, '')), 'shared');
if (existsSync(shared)) symlinkSync(shared, join(base, 'shared'));
console.log(`bench/loop: a clean clone of ${commit} in ${clone}${existsSync(shared) ? ', ../shared beside it' : ''}`);

const test = timed(clone, '.ci/run', []);
const testStages = stages(join(clone, 'build/test-times.txt'));
const check = test.ok ? timed(clone, 'make', ['check']) : null;
const checkStages = stages(join(clone, 'build/check-times.txt'));

const row = ([name, wall, cpu, status]) => `| ${name} | ${wall} | ${cpu} |${status === 'passed' ? '' : ` ${status}`}`;
const L = [HEADING, ''];
L.push(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, on a machine of ${spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()} cores shared with other work: wall seconds grow with its load (the 1, 5 and 15-minute load averages before and after each run are given); CPU seconds (user + system of a stage's processes and their children) much less. The stages run two at a time (make -j2 -O); the total is the run's own wall time, less than the sum.`);
L.push('');
L.push(`\`.ci/run\` (make test from a clean clone): ${test.ok ? 'passed' : 'FAILED'} in ${test.seconds} s, load ${test.before} before, ${test.after} after.`);
L.push('');
L.push('| stage | wall s | CPU s |', '| --- | --- | --- |', ...testStages.map(row));
L.push('');
if (check) {
  L.push(`\`make check\` in the same clone afterwards (warm): ${check.ok ? 'passed' : 'FAILED'} in ${check.seconds} s, load ${check.before} before, ${check.after} after.`);
  L.push('');
  L.push('| stage | wall s | CPU s |', '| --- | --- | --- |', ...checkStages.map(row));
  L.push('');
}
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
if (keep) console.log(`bench/loop: the clone is kept in ${clone}`);
else rmSync(base, { recursive: true, force: true });
if (!test.ok || !check?.ok) process.exit(1);
