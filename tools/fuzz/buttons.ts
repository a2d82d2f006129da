// Command line for the button fuzzer (needs dist/ratscrew.js: make bundle).
//   npx tsx tools/fuzz/buttons.ts [--seed S] [--frames N] [--saved FILE]
// Prints the seed and a summary; on a failure prints where and how to reproduce it, exit 1.
import { readFileSync } from 'node:fs';
import { buttonFuzz } from './buttons-fuzz';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = arg('seed') !== undefined ? Number(arg('seed')) >>> 0 : (Math.random() * 4294967296) >>> 0;
const frames = Number(arg('frames') ?? 100_000);
const savedFile = arg('saved');
console.log(`button fuzz: seed ${seed}, ${frames} frames`);
const r = await buttonFuzz({ seed, frames, saved: savedFile ? readFileSync(savedFile, 'utf8') : undefined });
const { failure, ...summary } = r;
console.log(JSON.stringify(summary, null, 1));
console.log(`${r.frames} frames in ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.frames / (r.ms / 1000))} frames/s)`);
if (failure) {
  console.log(failure);
  process.exit(1);
}
