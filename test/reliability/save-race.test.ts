// Two desktop games saving at once must never leave the folder without an
// intact save (issue 12, D5: before the fix, 15 of 30 tries emptied it).
// test/reliability/c/save-race.c runs 2 and 4 writer processes through
// native/core/save.c with the desktop's save ops, 100 rounds each, while it
// reads the save as a starting game would.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../native/headless';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const haveTools = process.platform === 'linux' && spawnSync('cc', ['--version']).status === 0;
let race = '';

beforeAll(() => {
  if (!haveTools) return;
  race = path.join(tempDir('race'), 'save-race');
  execFileSync('cc', ['-std=c99', '-O1', '-DSAVE_OPS_HAVE_WRITER', '-I', path.join(ROOT, 'native/core'), '-o', race,
    path.join(HERE, 'c/save-race.c'), path.join(ROOT, 'native/core/save.c')]);
});

describe.skipIf(!haveTools)('concurrent writers of one save', () => {
  it.each([2, 4])('%i writers, 100 rounds: no round without an intact save', (writers) => {
    const r = spawnSync(race, [tempDir('race-dir'), String(writers), '100'], { encoding: 'utf8', timeout: 120_000 });
    const m = /rounds=(\d+) lost=(\d+) reads=(\d+)/.exec(r.stdout);
    expect(m, r.stdout + r.stderr).not.toBeNull();
    expect(Number(m![1])).toBe(100);
    expect(Number(m![2])).toBe(0);
    expect(Number(m![3])).toBeGreaterThan(100);
    expect(r.status).toBe(0);
  });
});
