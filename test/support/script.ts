// Input scripts in the headless host's format (test/scripts/*.json):
// { seed, frames, inputs: [[frame, mask], ...], shots: [frames] } where each
// [frame, mask] holds that mask from that frame until the next entry.
import { readFileSync, writeFileSync } from 'node:fs';
import { createEngine, type Engine, type EngineOptions } from './engine';
import { frameTime, hashCommands } from './quickjs-host';

export interface InputScript {
  seed: number;
  frames: number;
  inputs: [number, number][];
  shots: number[];
  /** Saved text the host's load() returns (null or absent: nothing saved). */
  saved?: string | null;
}

export function readScript(path: string): InputScript {
  return JSON.parse(readFileSync(path, 'utf8')) as InputScript;
}

export function writeScript(path: string, script: InputScript): void {
  const lines = script.inputs.map((e) => `    [${e[0]}, ${e[1]}]`).join(',\n');
  writeFileSync(
    path,
    `{\n  "seed": ${script.seed},\n  "frames": ${script.frames},\n  "inputs": [\n${lines}\n  ],\n  "shots": [${script.shots.join(', ')}]\n}\n`,
  );
}

/** The button mask the script holds at frame i. */
export function maskAt(script: InputScript, i: number): number {
  let mask = 0;
  for (const [frame, m] of script.inputs) {
    if (frame > i) break;
    mask = m;
  }
  return mask;
}

/** Records the masks of a session as script entries (only where the mask changes). */
export class ScriptRecorder {
  readonly inputs: [number, number][] = [];
  private lastMask = -1;

  record(frame: number, mask: number): void {
    if (mask !== this.lastMask) this.inputs.push([frame, mask]);
    this.lastMask = mask;
  }
}

export interface ReplayFrame {
  index: number;
  hash: number;
  cmds: Int32Array | null;
}

/**
 * Replays a script in a fresh engine (Node unless opts.engine says
 * otherwise); calls onFrame for every frame. Returns the engine (the caller
 * disposes it) and the per-frame hashes.
 */
export async function replay(
  script: InputScript,
  onFrame?: (f: ReplayFrame, vm: Engine) => void,
  opts: EngineOptions = {},
): Promise<{ vm: Engine; hashes: number[] }> {
  const vm = await createEngine({ saved: script.saved ?? null, ...opts, seed: script.seed });
  const hashes: number[] = [];
  let k = 0;
  let mask = 0;
  for (let i = 0; i < script.frames; i++) {
    while (k < script.inputs.length && script.inputs[k]![0] <= i) mask = script.inputs[k++]![1];
    const cmds = vm.frame(frameTime(i), mask);
    const hash = hashCommands(cmds);
    hashes.push(hash);
    onFrame?.({ index: i, hash, cmds }, vm);
  }
  return { vm, hashes };
}
