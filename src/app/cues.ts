// The sounds a frame asks for, by name: the sound effects of the asset list
// (tools/assets/sounds.mjs, generated into src/assets/sounds.ts), so a new
// sound is one entry there and a cue('name') where it plays. The view turns
// each into a SOUND command, panned towards the seat it came from.
import type { SoundName } from '../assets/sounds';

export type Cue = SoundName;

/** This frame's cues. Preallocated and refilled in place: a steady frame builds nothing. */
export interface Cues {
  readonly names: Cue[];
  /** Per cue, the seat it came from (-1: none) and the table's number of players. */
  readonly seats: Int32Array;
  readonly players: Int32Array;
  count: number;
  /** Sound effects are on (Options); when off, cue() drops them. */
  on: boolean;
}

const ROOM = 16;

export function newCues(): Cues {
  return { names: new Array<Cue>(ROOM).fill('click'), seats: new Int32Array(ROOM), players: new Int32Array(ROOM), count: 0, on: true };
}

/** Queues a sound for this frame, from a seat of a table of `players` (seat -1: from nowhere); dropped when sound is off or the queue is full. */
export function cue(cues: Cues, name: Cue, seat = -1, players = 0): void {
  if (!cues.on || cues.count >= ROOM) return;
  const i = cues.count++;
  cues.names[i] = name;
  cues.seats[i] = seat;
  cues.players[i] = players;
}
