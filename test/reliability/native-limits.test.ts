// The real game under the native host's memory limit (test/native/errors.test.ts
// covers stand-in bundles; this is the game itself): it plays well inside a
// budget far below the host's default limit, and running out of memory while
// loading must be reported (exit 2, "out of memory"), never a crash.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_PATH } from '../support/quickjs-host';
import { HEADLESS, runHeadless, tempDir } from '../native/headless';

const haveHost = existsSync(HEADLESS);

describe.skipIf(!haveHost)('the game under the native memory limit', () => {
  it('plays 20,000 frames (the title, then the idle demo of CPU-only play) inside a 2 MB limit; the heap stays under 1 MB', () => {
    const stats = path.join(tempDir('limits'), 'stats.jsonl');
    const r = runHeadless(['--bundle', BUNDLE_PATH, '--seed', '3', '--frames', '20000', '--no-raster', '--memory-limit', String(2 << 20), '--stats', stats], {
      timeoutMs: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = readFileSync(stats, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBe(20_000);
    let peak = 0;
    for (let i = 0; i < lines.length; i += 97) peak = Math.max(peak, JSON.parse(lines[i]!).malloc_size as number);
    expect(peak).toBeLessThan(1 << 20);
  });

  // Bug (QuickJS 2021-03-27, reported to the native engineer): when the memory
  // limit is reached while the bundle is being compiled, the parser goes on
  // with a failed buffer: get_prev_opcode() reads byte_code.buf[last_opcode_pos]
  // past the end (quickjs.c:21609, via set_object_name / js_parse_postfix_expr),
  // and emit_goto() increments label_slots[-1].ref_count after new_label()
  // failed (quickjs.c:21727). The host segfaults or aborts ("munmap_chunk():
  // invalid pointer") instead of reporting "out of memory" with exit 2.
  // Shortest reproduction: build/native/ratscrew-headless --bundle dist/ratscrew.js
  //   --frames 30 --no-raster --memory-limit 96256 --out /tmp/x   (also 137216, 464896, 557056, ...)
  // About one limit in five between 64 KB and 1 MB crashes. A fix: in
  // get_prev_opcode return OP_invalid when dbuf_error(&fd->byte_code), and in
  // emit_goto return -1 when new_label fails (later QuickJS releases have the
  // first check; the second is this project's suggestion).
  it.fails('running out of memory while loading is reported, never a crash (every limit from 64 KB to 1 MB)', () => {
    const crashes: string[] = [];
    for (let limit = 65536; limit <= 1 << 20; limit += 10240) {
      const r = runHeadless(['--bundle', BUNDLE_PATH, '--frames', '30', '--no-raster', '--memory-limit', String(limit)], { timeoutMs: 20_000 });
      if (r.signal !== null || (r.status !== 0 && r.status !== 2)) crashes.push(`${limit}: ${r.signal ?? `exit ${r.status}`}`);
      else if (r.status === 2) expect(r.stderr).toMatch(/out of memory/);
    }
    expect(crashes).toEqual([]);
  });
});
