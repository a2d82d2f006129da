/* The frame contract between dist/ratscrew.js and a host, as C constants.
 * docs/host-api.md is the prose version, src/host/contract.ts the TypeScript
 * one: change all three together. */
#ifndef RATSCREW_CONTRACT_H
#define RATSCREW_CONTRACT_H

/* Ints per command, and commands the buffer holds. */
#define COMMAND_INTS 8
#define MAX_COMMANDS 2048

#define OP_CLEAR 1
#define OP_SPRITE 2
#define OP_RECT 3
#define OP_SOUND 4
#define OP_MUSIC 5
#define OP_QUIT 6

/* Button bits, in PSP SceCtrlData.Buttons order. */
#define BTN_SELECT 0x0001
#define BTN_START 0x0008
#define BTN_UP 0x0010
#define BTN_RIGHT 0x0020
#define BTN_DOWN 0x0040
#define BTN_LEFT 0x0080
#define BTN_LTRIGGER 0x0100
#define BTN_RTRIGGER 0x0200
#define BTN_TRIANGLE 0x1000
#define BTN_CIRCLE 0x2000
#define BTN_CROSS 0x4000
#define BTN_SQUARE 0x8000

#define SCREEN_W 480
#define SCREEN_H 272

/* Samples: 22,050 Hz mono signed 16-bit. */
#define SOUND_RATE 22050

/* Time of frame i in the headless hosts (docs/host-api.md §2). */
#define HEADLESS_FRAME_MS(i) ((int)(((long long)(i) * 1000) / 60))

#endif
