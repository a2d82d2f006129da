// README.md lists the Debian packages the build installs; the list itself is
// tools/setup/debian-packages.sh's. They must say the same.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (rel: string): string => readFileSync(fileURLToPath(new URL(`../${rel}`, import.meta.url)), 'utf8');

function scriptLists(): Record<string, string[]> {
  const text = read('tools/setup/debian-packages.sh');
  const lists: Record<string, string[]> = {};
  for (const m of text.matchAll(/^(PLAY|TEST|PSP|NATIVE)="([^"]*)"$/gm)) {
    lists[m[1]!] = m[2]!.split(/\s+/).filter((p) => p && !p.startsWith('$'));
  }
  return lists;
}

function readmeRow(label: string): string[] {
  const row = read('README.md').split('\n').find((l) => l.startsWith(`| ${label} |`));
  expect(row, `README.md has no row for ${label}`).toBeDefined();
  return row!.split('|')[2]!.trim().split(/\s+/);
}

describe('README package list', () => {
  it('names exactly the packages tools/setup/debian-packages.sh installs', () => {
    const lists = scriptLists();
    expect(Object.keys(lists).sort()).toEqual(['NATIVE', 'PLAY', 'PSP', 'TEST']);
    expect(readmeRow('`make play`')).toEqual(lists.PLAY);
    expect(readmeRow('`make test`, also')).toEqual(lists.TEST);
    expect(readmeRow('`make test` with PSPDEV, also')).toEqual(lists.PSP);
    expect(readmeRow('`make test` with PPSSPP_HEADLESS, also')).toEqual(lists.NATIVE);
  });
});
