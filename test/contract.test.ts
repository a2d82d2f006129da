// The frame contract is written once (tools/contract/contract.json); these
// check that every file generated from it is up to date, and that the
// generated hash is the FNV-1a the hosts agree on.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain-JS generator without type declarations
import { generated, stale } from '../tools/contract/generate.mjs';
import { COMMAND_INTS, OP_CLEAR, frameHash } from '../src/contract';

const ROOT = join(__dirname, '..');

describe('the generated contract', () => {
  it('matches contract.json in every generated file', () => {
    expect(stale(ROOT)).toEqual([]);
  });

  it('is reported stale when the data changes and a generated file does not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    for (const path of Object.keys(generated(ROOT)) as string[]) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      cpSync(join(ROOT, path), join(dir, path));
    }
    mkdirSync(join(dir, 'tools/contract'), { recursive: true });
    mkdirSync(join(dir, 'assets/build'), { recursive: true });
    cpSync(join(ROOT, 'assets/build/sounds.json'), join(dir, 'assets/build/sounds.json'));
    const data = JSON.parse(readFileSync(join(ROOT, 'tools/contract/contract.json'), 'utf8'));
    data.buttons.bits.CROSS = '0x4001';
    writeFileSync(join(dir, 'tools/contract/contract.json'), JSON.stringify(data));
    expect(stale(dir).sort()).toEqual(['native/core/contract.h', 'src/contract.ts', 'tools/contract/contract.mjs']);
  });

  it('hashes like the native core: the same vectors as native/tests/core_test.c', () => {
    expect(frameHash(new Int32Array(0), 0)).toBe(0x811c9dc5);
    const clear = new Int32Array(COMMAND_INTS);
    clear[0] = OP_CLEAR;
    clear[1] = 0xff2a5a1e | 0;
    expect(frameHash(clear, 1)).toBe(0x5ea75da7);
  });
});
