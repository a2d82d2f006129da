// The frame's draw list: writes 8-int commands straight into the host's
// preallocated Int32Array (docs/host-api.md §3). Plain integer arguments, so
// a steady frame allocates nothing. The writer's three variables (the buffer,
// its length, the next free int) are the one piece of mutable module state
// the view keeps, for speed: every command reads and writes them, and as the
// fields of a value they cost a steady 6-player table frame 2,346 more
// QuickJS instructions (40,540 -> 42,886, +5.8% of the script; callgrind,
// frames 61-149 of bench/figures/frames.mjs's run, measured 2026-12-02).
import { COMMAND_INTS, MAX_COMMANDS, writeClear, writeMusic, writeQuit, writeRect, writeSound, writeSprite } from '../contract';

const LIMIT = MAX_COMMANDS * COMMAND_INTS;

let buf: Int32Array = new Int32Array(0);
/** buf.length: a getter call in QuickJS. */
let bufLen = 0;
/** Next free int in buf. */
let at = 0;
/** Where the last frame's picture ended (its sounds, music and quit follow it): the buffer still holds it. */
let pictureEnd = 0;

/** Points the writer at the buffer the host reads. */
export function bindCommands(commands: Int32Array): void {
  buf = commands;
  bufLen = commands.length;
  at = 0;
}

export function beginFrame(): void {
  at = 0;
}

/** The picture is drawn: what follows (sounds, music, quit) is not part of it. */
export function endPicture(): void {
  pictureEnd = at;
}

/**
 * Shows the last frame's picture again: the host never writes the buffer, so
 * its commands are still there. Drawing may go on behind it (from the int
 * returned) and is dropped by holdPicture() or moved to the front by
 * bringForward(); the frame's sounds follow whichever is shown.
 */
export function holdPicture(): number {
  at = pictureEnd;
  return at;
}

/** A View's own copy of its last picture, made only when another View draws into the buffer. */
export interface KeptPicture {
  ints: Int32Array;
  length: number;
}

export function newKeptPicture(): KeptPicture {
  return { ints: new Int32Array(0), length: 0 };
}

/** Whose picture the buffer holds: the one View of a running game, always (a comparison a frame). */
let owner: KeptPicture | null = null;

/**
 * Makes the buffer `keeper`'s before it draws or holds its picture. With one
 * View, as every host runs, it always is. Two Apps with their Views run in
 * turn in one module instance (test/game/app-value.test.ts) each find the
 * other's picture there: the other's is copied out and this one's copied
 * back, so that holdPicture() shows this View's own last picture.
 */
export function pictureOf(keeper: KeptPicture): void {
  if (owner === keeper) return;
  if (owner !== null) {
    if (owner.ints.length < pictureEnd) owner.ints = new Int32Array(pictureEnd);
    owner.ints.set(buf.subarray(0, pictureEnd));
    owner.length = pictureEnd;
  }
  buf.set(keeper.ints.subarray(0, keeper.length));
  pictureEnd = keeper.length;
  owner = keeper;
}

/** The picture drawn behind the held one, from int `from`, becomes the frame's picture. */
export function bringForward(from: number): void {
  buf.copyWithin(0, from, at);
  at -= from;
}

/** Commands written so far this frame. */
export function commandCount(): number {
  return at >> 3;
}

// Each command is laid out by its write* encoder (src/contract.ts, generated
// from tools/contract/contract.json, as the C hosts' decoder is). A full
// buffer drops the rest of the frame's commands rather than overrun.

export function clear(colour: number): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeClear(buf, at, colour | 0);
  at += COMMAND_INTS;
}

/** Atlas rectangle (u, v, sw, sh) stretched to (x, y, w, h), tinted. */
export function sprite(
  x: number,
  y: number,
  w: number,
  h: number,
  u: number,
  v: number,
  sw: number,
  sh: number,
  tint: number,
): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeSprite(buf, at, x | 0, y | 0, w | 0, h | 0, u, v, sw, sh, tint | 0);
  at += COMMAND_INTS;
}

/**
 * A SPRITE command made before (its x and y an offset) copied in, moved by
 * (dx, dy) and tinted: a digit of a number (src/view/text.ts drawNumber)
 * for half what writing its eight ints costs QuickJS.
 */
export function stamp(cmd: Int32Array, dx: number, dy: number, tint: number): void {
  const o = at;
  if (o + COMMAND_INTS > LIMIT) return;
  const b = buf;
  b.set(cmd, o);
  b[o + 1] = (cmd[1]! + dx) | 0;
  b[o + 2] = (cmd[2]! + dy) | 0;
  b[o + 7] = tint | 0;
  at = o + COMMAND_INTS;
}

/** An atlas rect [u, v, w, h] drawn at its own size. */
export function spriteRect(x: number, y: number, r: readonly number[], tint: number): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeSprite(buf, at, x | 0, y | 0, r[2]!, r[3]!, r[0]!, r[1]!, r[2]!, r[3]!, tint | 0);
  at += COMMAND_INTS;
}

/** An atlas rect [u, v, w, h] stretched to (w, h). */
export function spriteRectScaled(x: number, y: number, w: number, h: number, r: readonly number[], tint: number): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeSprite(buf, at, x | 0, y | 0, w | 0, h | 0, r[0]!, r[1]!, r[2]!, r[3]!, tint | 0);
  at += COMMAND_INTS;
}

export function rect(x: number, y: number, w: number, h: number, colour: number): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeRect(buf, at, x | 0, y | 0, w | 0, h | 0, colour | 0);
  at += COMMAND_INTS;
}

export function sound(id: number, volume: number, pan: number): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeSound(buf, at, id, volume, pan);
  at += COMMAND_INTS;
}

export function music(track: number, volume: number): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeMusic(buf, at, track, volume);
  at += COMMAND_INTS;
}

export function quit(): void {
  if (at + COMMAND_INTS > LIMIT) return;
  writeQuit(buf, at);
  at += COMMAND_INTS;
}

/** Copies a run of whole commands (laid-out text) natively. */
export function copyInts(run: Int32Array): void {
  if (at + run.length > LIMIT) return;
  buf.set(run, at);
  at += run.length;
}

/** Copies a cached run moved by (dx, dy): for text that slides or shakes. */
export function copyRunAt(run: Int32Array, dx: number, dy: number): void {
  const n = run.length;
  if (at + n > LIMIT) return;
  for (let i = 0; i < n; i += COMMAND_INTS) {
    const o = at + i;
    buf[o] = run[i]!;
    buf[o + 1] = run[i + 1]! + dx;
    buf[o + 2] = run[i + 2]! + dy;
    buf[o + 3] = run[i + 3]!;
    buf[o + 4] = run[i + 4]!;
    buf[o + 5] = run[i + 5]!;
    buf[o + 6] = run[i + 6]!;
    buf[o + 7] = run[i + 7]!;
  }
  at += n;
}

/** ABGR colour from 0..255 parts (the PSP GE's vertex colour). */
export function rgba(r: number, g: number, b: number, a: number): number {
  return ((a & 255) << 24) | ((b & 255) << 16) | ((g & 255) << 8) | (r & 255);
}

/** Where the next command goes: mark() before drawing a layer, capture(run, mark) after. */
export function mark(): number {
  return at;
}

/**
 * A cached layer whose storage each capture reuses; it grows (1/8 spare) only
 * for a longer run. `src` views buf from `srcFrom`, so a capture from there makes no view.
 */
export interface Run {
  data: Int32Array;
  cap: number;
  length: number;
  filled: boolean;
  src: Int32Array | null;
  srcFrom: number;
  srcBuf: Int32Array | null;
}

export function newRun(): Run {
  return { data: new Int32Array(0), cap: 0, length: 0, filled: false, src: null, srcFrom: -1, srcBuf: null };
}

/** Keeps the commands written since `from` in `run`. */
export function capture(run: Run, from: number): void {
  const n = at - from;
  if (n > run.cap) {
    const cap = (n + (n >> 3) + 63) & ~63;
    run.data = new Int32Array(cap);
    run.cap = cap;
    run.src = null;
  }
  run.length = n;
  run.filled = true;
  if (n === 0) return;
  let src = run.src;
  if (src === null || run.srcFrom !== from || run.srcBuf !== buf) {
    let end = from + run.cap;
    if (end > bufLen) end = bufLen;
    src = buf.subarray(from, end);
    run.src = src;
    run.srcFrom = from;
    run.srcBuf = buf;
  }
  run.data.set(src);
}

/** Re-emits a run, allocating nothing: all its storage when that fits (the stale tail lies past `at`). */
export function copyRun(run: Run): void {
  const n = run.length;
  const o = at;
  if (o + n > LIMIT) return;
  const data = run.data;
  if (o + run.cap <= bufLen) buf.set(data, o);
  else for (let i = 0; i < n; i++) buf[o + i] = data[i]!;
  at = o + n;
}
