// The frame contract with the C host and the test host, as constants.
// docs/host-api.md is the prose version; native/core/contract.h the C one.

/** Ints per command in the command buffer. */
export const COMMAND_INTS = 8;
/** Commands the buffer holds; a frame never writes more. */
export const MAX_COMMANDS = 2048;

export const OP_CLEAR = 1;
export const OP_SPRITE = 2;
export const OP_RECT = 3;
export const OP_SOUND = 4;
export const OP_MUSIC = 5;
export const OP_QUIT = 6;

/** Button bits, in PSP SceCtrlData.Buttons order. */
export const BTN_SELECT = 0x0001;
export const BTN_START = 0x0008;
export const BTN_UP = 0x0010;
export const BTN_RIGHT = 0x0020;
export const BTN_DOWN = 0x0040;
export const BTN_LEFT = 0x0080;
export const BTN_LTRIGGER = 0x0100;
export const BTN_RTRIGGER = 0x0200;
export const BTN_TRIANGLE = 0x1000;
export const BTN_CIRCLE = 0x2000;
export const BTN_CROSS = 0x4000;
export const BTN_SQUARE = 0x8000;

export const SCREEN_W = 480;
export const SCREEN_H = 272;

/** What the host provides as the global `host` (see docs/host-api.md). */
export interface Host {
  readonly platform: 'psp' | 'desktop' | 'headless' | 'test';
  readonly seed: number;
  load(): string | null;
  save(text: string): boolean;
  log(text: string): void;
  /** What went wrong with the last load or save: 'damaged', 'too-large', 'unreadable', 'no-folder', 'read-only', 'full', 'failed'; or null. Optional. */
  problem?(): string | null;
}

/** What the bundle provides as the global `ratscrew`. */
export interface Entry {
  readonly commands: Int32Array;
  frame(nowMs: number, buttons: number): number;
  /** Test-only: JSON text of the app's and the game's state (docs/host-api.md §6). Hosts never call it. */
  debug?(): string;
}
