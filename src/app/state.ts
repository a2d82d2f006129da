// The App: everything the program holds between frames, one value that
// every scene's frame takes (src/app/app.ts starts it and runs the frames).
import type { Host } from '../contract';
import type { Seat } from '../rules/types';
import type { Cues } from './cues';
import type { Strings } from './i18n';
import type { Buttons } from './input';
import type { Settings } from './options';
import type { Scene } from './scene';
import type { Stats } from './settings';

/** The running game as a program: every scene's frame takes it. */
export interface App {
  /** The host's services (src/host/entry.ts fills in what a host lacks). */
  readonly host: Host;
  readonly settings: Settings;
  readonly stats: Stats;
  /** The texts of the chosen language, with this host's button names. */
  strings: Strings;
  scene: Scene;
  /** This frame's button edges. */
  readonly buttons: Buttons;
  /** This frame's sounds. */
  readonly cues: Cues;
  /** The line over every scene when saved data could not be read or written. */
  readonly notice: Notice;
  /** The title menu's row, kept while away from it. */
  titleCursor: number;
  /** Games started this session: each gets its own seed, and the dealer rotates. */
  gamesStarted: number;
  dealer: Seat;
  lastInputAt: number;
  /** The time of the frame being run: a save's notice starts then. */
  lastNow: number;
  /** The first frame has run (buttons held at launch are not presses). */
  started: boolean;
  /** Notices that wait for the first frame's time: damaged saved data, and one the host gave. */
  noticePending: boolean;
  noticeDue: string;
  /** The PSP began to go to sleep this frame (SIG_SUSPEND): the table pauses as for Start. */
  suspending: boolean;
  /** The player chose Quit: the frame ends with QUIT. */
  quit: boolean;
}

/** One line over every scene (a save that failed, saved data that was damaged) until `until`. */
export interface Notice {
  text: string;
  until: number;
  /** Why a room ended: old news once the player opens another room. */
  roomEnd: boolean;
}
