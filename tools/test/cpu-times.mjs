// The CPU seconds of each test file from RATSCREW_CPU_LOG's lines
// (test/support/cpu-time.ts: file, the worker's CPU so far, its pid), each
// less the line before it of the same pid; one "file<TAB>seconds" a line,
// most first, then the sum.
//   node tools/test/cpu-times.mjs LOG...
import { readFileSync } from 'node:fs';

const seen = new Map();
const rows = [];
for (const log of process.argv.slice(2)) {
  for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const [file, cpu, pid] = line.split('\t');
    const before = seen.get(pid) ?? 0;
    seen.set(pid, Number(cpu));
    rows.push([file, Number(cpu) - before]);
  }
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, s] of rows) console.log(`${file}\t${s.toFixed(1)}`);
console.log(`total\t${rows.reduce((t, r) => t + r[1], 0).toFixed(1)}`);
