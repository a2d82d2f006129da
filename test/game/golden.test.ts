// Golden draw lists: the hash of one frame of each scene for a fixed seed
// and input, in test/game/golden.json. A change to the look (or to the game)
// shows up here; when it is meant, UPDATE_GOLDEN=1 rewrites the file. Each
// frame is also rendered to test-output/<scene>.png by the test rasterizer.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeScreenshot } from '../support/raster';
import { hashCommands } from '../support/quickjs-host';
import { SCENES } from './screens';

const GOLDEN = fileURLToPath(new URL('./golden.json', import.meta.url));
const update = !!process.env.UPDATE_GOLDEN;
const golden: Record<string, string> = existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, 'utf8')) : {};
const seen: Record<string, string> = {};

describe('golden frames', () => {
  it.each(SCENES.map((s) => [s.name, s] as const))('%s', async (name, scene) => {
    const d = await scene.reach();
    const cmds = d.last;
    d.dispose();
    writeScreenshot(`test-output/${name}.png`, cmds);
    const hash = hashCommands(cmds).toString(16).padStart(8, '0');
    seen[name] = hash;
    if (update) return;
    expect(golden[name], `no golden hash for ${name}: run with UPDATE_GOLDEN=1`).toBeDefined();
    expect(hash).toBe(golden[name]);
  });

  afterAll(() => {
    if (update) writeFileSync(GOLDEN, JSON.stringify(seen, null, 2) + '\n');
  });
});
