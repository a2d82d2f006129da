// Every frame's instructions, script + decode, over a long run (a whole
// game is tens of thousands of frames): frame_bench --dump-totals under
// callgrind writes one dump file per frame, and this reads each as soon as
// the next one exists and deletes it, so the run never holds more than a
// few of them on disk (all of a whole game's would be about a gigabyte).
// Exact, unlike picking frames by their CPU time first: the dearest frames
// by count and by time are not the same ones on a shared machine.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD, ROOT } from './common.mjs';

/** The label and total of one dump file, null if it is not a frame's. */
function readTotal(file) {
  const text = readFileSync(file, 'utf8');
  const label = /^desc: Trigger: Client Request: t(\d+)$/m.exec(text);
  const total = /^summary: (\d+)/m.exec(text) ?? /^totals: (\d+)/m.exec(text);
  return label && total ? { frame: Number(label[1]), total: Number(total[1]) } : null;
}

/**
 * Runs frame_bench on `inputs` under callgrind and returns an array: frame i's
 * script + decode instructions (frame_bench's own lines go to `out`).
 */
export function frameTotals({ inputs, bundle, out, dir }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const totals = [];
  const drain = (all) => {
    const files = readdirSync(dir)
      .map((f) => ({ f, n: Number(/^cg\.out\.(\d+)$/.exec(f)?.[1] ?? -1) }))
      .filter((x) => x.n >= 0)
      .sort((a, b) => a.n - b.n);
    // the newest file may still be being written: it waits for the next pass
    for (const { f } of all ? files : files.slice(0, -1)) {
      const t = readTotal(join(dir, f));
      if (t) totals[t.frame] = t.total;
      unlinkSync(join(dir, f));
    }
  };
  const args = [
    '--tool=callgrind', '--quiet', `--callgrind-out-file=${join(dir, 'cg.out')}`,
    '--compress-strings=no', '--compress-pos=no', '--dump-instr=no', '--dump-line=no',
    join(BUILD, 'frame_bench'), '--inputs', inputs, '--bundle', bundle, '--out', out, '--dump-totals',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setInterval(() => drain(false), 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`frame_bench under callgrind exited ${code}: ${stderr.trim().slice(-2000)}`));
      drain(true);
      rmSync(dir, { recursive: true, force: true });
      resolve(totals);
    });
  });
}
