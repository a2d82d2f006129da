// Measurement only (docs/testing.md, "Measuring"): with RATSCREW_CPU_LOG set
// to a file, every test file appends one line to it after its last test:
// its path and the CPU seconds its worker and the processes it waited for
// (native hosts, compilers) used so far, from /proc/self/stat, and the
// worker's pid: a worker that ran several files counts them all, so
// tools/test/cpu-times.mjs takes each line less the one before it of the
// same pid. Unlike wall time it hardly grows when the machine is busy.
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

/** utime + stime + cutime + cstime of this process, in clock ticks (fields 14-17 of /proc/self/stat). */
function ticks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}

const log = process.env.RATSCREW_CPU_LOG;
if (log) {
  afterAll(() => {
    const file = expect.getState().testPath ?? 'unknown';
    appendFileSync(log, `${relative(process.cwd(), file)}\t${(ticks() / 100).toFixed(2)}\t${process.pid}\n`);
  });
}
