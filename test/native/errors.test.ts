// Error handling of the native host (docs/host-api.md §4): a script that
// throws, runs away, or exhausts memory stops with its message and stack on
// stderr and exit status 2, within a bounded time, and the memory limit holds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as B from './bundles';
import { buildNative, readHashes, runHeadless, tempDir, BUILD_TIMEOUT_MS } from './headless';

const dir = tempDir('bundles');

function bundleFile(name: string, source: string): string {
  const file = path.join(dir, `${name}.js`);
  writeFileSync(file, source);
  return file;
}

function run(name: string, source: string, extra: string[] = []) {
  return runHeadless(['--bundle', bundleFile(name, source), '--frames', '120', '--no-raster', ...extra], {
    timeoutMs: 30_000,
  });
}

describe('native host error handling', () => {
  beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

  it('reports an exception thrown while loading, with its stack', () => {
    const r = run('load', B.THROW_AT_LOAD);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('failed to load');
    expect(r.stderr).toContain('Error: broken at load');
    expect(r.stderr).toMatch(/at explode \(.*load\.js/);
  });

  it('reports an exception thrown in a frame, with its stack, after the frames before it', () => {
    const r = run('frame', B.THROW_IN_FRAME);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('failed at frame 7'); // frame 7 is the first with now > 100
    expect(r.stderr).toContain('TypeError: broken in frame');
    expect(r.stderr).toMatch(/at deep \(/);
    expect(readHashes(r.out)).toHaveLength(7);
    expect(existsSync(path.join(r.out, 'error.png'))).toBe(true); // the error screen
  });

  it('stops a frame that never returns after the time budget', () => {
    const r = run('loop', B.LOOP_FOREVER, ['--frame-budget-ms', '300']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ratscrew.frame ran longer than 300 ms');
    expect(r.stderr).toContain('interrupted');
    expect(r.ms).toBeLessThan(10_000);
  });

  it('reports running out of memory', () => {
    const r = run('alloc', B.ALLOCATE_FOREVER, ['--memory-limit', String(4 * 1024 * 1024)]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('out of memory');
    expect(r.ms).toBeLessThan(20_000);
  });

  it('holds the memory limit: a script keeping 1 MiB a frame fails when the limit is reached', () => {
    const stats = (limitMiB: number) => {
      const file = path.join(tempDir('stats'), 'stats.jsonl');
      const r = run(`grow${limitMiB}`, B.GROW_PER_FRAME, ['--memory-limit', String(limitMiB * 1024 * 1024), '--stats', file]);
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
      return { r, lines };
    };
    for (const limit of [4, 12]) {
      const { r, lines } = stats(limit);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('out of memory');
      // Every completed frame stayed under the limit, and the limit was nearly used up.
      for (const l of lines) expect(l.malloc_size).toBeLessThanOrEqual(limit * 1024 * 1024);
      expect(lines.length).toBeGreaterThanOrEqual(limit - 3);
      expect(lines.length).toBeLessThan(limit);
    }
  });

  it('reports a stack overflow', () => {
    const r = run('recurse', B.RECURSE_FOREVER);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('stack overflow');
  });

  it('rejects a frame that claims more commands than the buffer holds', () => {
    const r = run('count', B.BAD_COUNT);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('returned 5000 commands; the buffer holds 2048');
  });

  it('rejects a frame that returns no count', () => {
    const r = run('nocount', B.NO_COUNT);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('failed at frame 0');
    expect(r.stderr).toContain('returned no number');
  });

  it('rejects a script that defines no ratscrew entry', () => {
    const r = run('noentry', B.NO_ENTRY);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('did not define the global object `ratscrew`');
  });
});
