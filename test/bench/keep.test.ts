// make bench rewrites bench/results.md; the runs people added by hand and the
// sections other scripts write must survive it (bench/lib/keep.mjs).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs tool without types
import { KEEP, mergeResults } from '../../bench/lib/keep.mjs';

const old = [
  '# Benchmark results',
  '',
  'Written at aaa.',
  '',
  '## Frames (seed 25)',
  '',
  '| frame | 1 |',
  '',
  '## The web version in Chromium',
  '',
  'web figures',
  '',
  '## Memory',
  '',
  '- heap 1 B',
  '',
  KEEP,
  '',
  '- a frame counted alone by hand',
  '',
  '## Online: cards',
  '',
  'online figures',
  '',
].join('\n');

const fresh = ['# Benchmark results', '', 'Written at bbb.', '', '## Frames (seed 26)', '', '| frame | 2 |', '', '## Memory', '', '- heap 2 B', ''].join('\n');

describe('bench/results.md merged, not rewritten', () => {
  const merged: string = mergeResults(old, fresh);

  it('takes the run\'s own figures', () => {
    expect(merged).toContain('Written at bbb.');
    expect(merged).toContain('| frame | 2 |');
    expect(merged).toContain('- heap 2 B');
    expect(merged).not.toContain('Written at aaa.');
    expect(merged).not.toContain('| frame | 1 |');
    expect(merged).not.toContain('- heap 1 B');
  });

  it('keeps the sections the run does not write, where they stood', () => {
    const order = ['## Frames (seed 26)', '## The web version in Chromium', 'web figures', '## Memory', '## Online: cards', 'online figures'].map((s) => merged.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('keeps the hand-written tail of a section it writes, below the new figures', () => {
    const at = merged.indexOf(KEEP);
    expect(at).toBeGreaterThan(merged.indexOf('- heap 2 B'));
    expect(merged.indexOf('- a frame counted alone by hand')).toBeGreaterThan(at);
    expect(merged.indexOf('- a frame counted alone by hand')).toBeLessThan(merged.indexOf('## Online: cards'));
  });

  it('changes nothing when run twice on the same figures', () => {
    expect(mergeResults(merged, fresh)).toBe(merged);
  });
});
