// The scenes of the program, one value each: what the player is in, with the
// overlays it owns (the pause menu and the out-of-the-game prompt on the
// table, the quit question on the title, the reset question on Statistics).
// app.ts holds the one current scene and hands each frame to its module in
// src/app/scenes/, found in one table (src/app/scenes/index.ts SCENES). A
// scene's frame returns the scene of the next frame: itself, or the one it
// led to.
import type { NoticeBand } from '../view/render';
import type { View } from '../view/view';
import type { NextGame } from './session';
import type { App } from './state';
import type { AppTable } from './table';
import type { HowToPage, OptionRow, ResultsScreen, StatsRow } from './screen';
import type { EntryKind } from '../view/picker';
import type { OnlineAppTable } from './online-table';
import type { RoomLink } from './room';
import type { LobbyView } from '../net/client';
import type { LobbyShown } from '../view/online-view';

export type Scene =
  | TitleScene
  | OptionsScene
  | HowToScene
  | TableScene
  | ResultsScene
  | StatsScene
  | OnlineScene
  | CreateScene
  | EntryScene
  | LobbyScene
  | OnlineTableScene
  | OnlineResultsScene;

/** The scene's name, as the host's log and ratscrew.debug() give it. */
export type SceneKind = Scene['kind'];

/** The scene of kind K. */
export type SceneOf<K extends SceneKind> = Extract<Scene, { kind: K }>;

/**
 * What a kind of scene does, in its module (src/app/scenes/): every kind has
 * one in src/app/scenes/index.ts, whose type refuses a kind without one or a
 * module without any of these.
 */
export interface SceneModule<S extends Scene> {
  /** One frame: returns the next frame's scene (itself, or the one it led to). */
  frame(app: App, scene: S, now: number): Scene;
  /** Its picture: the scene hands plain values down to the view (src/view/). */
  draw(app: App, scene: S, view: View, now: number): void;
  /** The game on screen: in play, behind the title, or played out on the results (its picture may wait a frame after a claim; ratscrew.debug() reads it), or null. */
  onScreen(scene: S): AppTable | null;
  /** Every game it holds, shown or not (the paused table behind How to play too), or null: a game the next scene does not hold is let go. */
  held(scene: S): AppTable | null;
  /** The buttons are menu moves here (two people's either buttons, a tap's either half), not the table's play. */
  menu(scene: S): boolean;
  /** A tap's play half confirms in this menu, as its slap half does (not on the results: a tap meant for the last card must not start the next game). */
  readonly touchConfirms: boolean;
  /**
   * Its menu picks the row under a tap (the frame reads b.tapX, b.tapY; a
   * question: a tap beside it says no), so the play or slap the same touch
   * holds confirms nothing. Elsewhere a tap is only the buttons its touch
   * holds (How to play's pages, the results, the table in play).
   */
  taps(scene: S): boolean;
  /** Entering it cost its first frame a deal, a count or a table's start: its first picture is prepared from the next frame (src/app/app.ts drawApp). */
  costlyEntry(scene: S): boolean;
  /** The notice line's band over its picture (src/view/render.ts drawNotice): where it covers nothing the player reads. */
  noticeBand(scene: S): NoticeBand;
}

/** The title menu (its row is the App's titleCursor, kept while away), or a CPU-only game behind it. */
export interface TitleScene {
  readonly kind: 'title';
  demo: Demo | null;
  /** "Quit to the PSP menu?" is up (Start on the title, or its Quit row). */
  quitAsked: boolean;
  /** The game Play would start, dealt ahead while the menu waits (src/app/session.ts). */
  next: NextGame | null;
  /** A CPU-only game being dealt over a few frames before it shows (src/app/scenes/title.ts), or null. */
  starting: DemoStart | null;
}

/** The title, its menu showing: where every scene goes back to (src/app/scenes/title.ts runs it). */
export function titleScene(): TitleScene {
  return { kind: 'title', demo: null, quitAsked: false, next: null, starting: null };
}

/** The demo or Watch CPUs game to come: its options, then its deal (src/app/session.ts dealDemoAhead). */
export interface DemoStart {
  readonly watching: boolean;
  next: NextGame | null;
}

/** A CPU-only game: behind the idle title, or chosen as Watch CPUs (then with the player's options). */
export interface Demo {
  readonly table: AppTable;
  readonly watching: boolean;
}

export interface OptionsScene {
  readonly kind: 'options';
  cursor: number;
  /** The rows shown, by row id (src/app/options.ts), and their texts. */
  rows: number[];
  shown: OptionRow[];
}

export interface HowToScene {
  readonly kind: 'howTo';
  readonly pages: HowToPage[];
  page: number;
  /** Opened from the pause menu: the paused table it goes back to (null: from the title). */
  readonly back: TableScene | null;
}

export interface TableScene {
  readonly kind: 'table';
  readonly table: AppTable;
  /** The pause menu over the table, or null while playing. */
  pause: PauseMenu | null;
  /** Every person at the table is out for good: keep watching, or end the game (asked once a game). */
  out: OutPrompt | null;
  outAsked: boolean;
  /** The table's clock runs `pace` times as fast as the host's (3 while the people watch the CPUs finish), reading paceBase at host time paceFrom. */
  pace: number;
  paceFrom: number;
  paceBase: number;
}

/** Keep watching (faster) or End the game; the table waits meanwhile. */
export interface OutPrompt {
  cursor: number;
  /** Why the people are out, in words (src/app/i18n outWhy). */
  readonly why: string;
}

/** A new game's scene, its clock the host's. */
export function tableScene(table: AppTable): TableScene {
  return { kind: 'table', table, pause: null, out: null, outAsked: false, pace: 1, paceFrom: 0, paceBase: 0 };
}

/** Continue, How to play, End game; the table is hidden meanwhile. */
export interface PauseMenu {
  cursor: number;
  /** "End this game?" is up (End game chosen): Cross ends it, Circle goes back to the menu. */
  endAsked: boolean;
}

export interface ResultsScene {
  readonly kind: 'results';
  /** The finished game (the view reads its rule set). */
  readonly played: AppTable;
  readonly results: ResultsScreen;
  /** When the results were entered (host time): the next game is dealt ahead a moment after. */
  readonly at: number;
  /** The game Play again would start, dealt ahead while the results are read (src/app/session.ts). */
  next: NextGame | null;
}

export interface StatsScene {
  readonly kind: 'stats';
  rows: StatsRow[];
  /** "Reset all statistics?" is up. */
  resetAsked: boolean;
}

// ---- the online rooms (docs/network.md): only where host.caps.network or host.caps.nearby ----

/** The Online menu: its rows as the host offers them (src/app/online-rows.ts), `cursor` an index into them (src/app/scenes/online.ts). */
export interface OnlineScene {
  readonly kind: 'online';
  cursor: number;
}

/** The creator's options for a new room, under its first row, Create the room (src/app/scenes/create.ts). */
export interface CreateScene {
  readonly kind: 'create';
  /** A nearby room, hosted by this PSP, rather than one on the rooms server. */
  readonly nearby: boolean;
  cursor: number;
  /** The rows shown: -1 Create the room, else an index into OPTIONS (src/app/room-setup.ts); and their texts. */
  rows: number[];
  shown: OptionRow[];
}

/**
 * Writing a seat's name or a room's code, typed on a keyboard or picked
 * with the D-pad and Cross (or a tap) from the letter picker's page
 * (src/view/picker.ts PICKER_PAGES), its cursor at row, col.
 */
export interface EntryScene {
  readonly kind: 'entry';
  readonly what: EntryKind;
  text: string;
  page: number;
  row: number;
  col: number;
  /** Where it goes when done. */
  readonly then: AfterEntry;
}

/**
 * After a name: the Online menu (a first name: at its first row; a new
 * name: back at its name row), Create, or the code to join by; after a
 * code: joining that room (`joinNearby`: a nearby room, over ad hoc); a room's link opened before the name was chosen:
 * joining its room.
 */
export type AfterEntry = 'online' | 'rename' | 'create' | 'code' | 'join' | 'joinNearby' | { readonly invite: string };

/** The Online menu with its row `cursor` lit. */
export function onlineScene(cursor: number): OnlineScene {
  return { kind: 'online', cursor };
}

/** A room being opened or joined, then its lobby: who is in, the creator starts (src/app/scenes/lobby.ts). */
export interface LobbyScene {
  readonly kind: 'lobby';
  readonly room: RoomLink;
  /** What the lobby shows, made again when a new lobby message (shownFor) or the room's link (shownLink) has come. */
  shown: LobbyShown | null;
  shownFor: LobbyView | null;
  shownLink: string;
  /** This player's link was down (room.dropped) when it was made. */
  shownDropped: boolean;
}

/** The lobby of `room` (src/app/room.ts openRoom asks for it), drawn once its first lobby message has come. */
export function lobbyScene(room: RoomLink): LobbyScene {
  return { kind: 'lobby', room, shown: null, shownFor: null, shownLink: '', shownDropped: false };
}

/** A game of an online room (src/app/scenes/online-table.ts); Start asks whether to leave it (the game goes on behind). */
export interface OnlineTableScene {
  readonly kind: 'onlineTable';
  readonly room: RoomLink;
  readonly table: OnlineAppTable;
  leaveAsked: boolean;
}

/** A game of `room` on screen. */
export function onlineTableScene(room: RoomLink, table: OnlineAppTable): OnlineTableScene {
  return { kind: 'onlineTable', room, table, leaveAsked: false };
}

/** An online game's results; the creator starts a rematch, everyone may leave (src/app/scenes/online-results.ts). */
export interface OnlineResultsScene {
  readonly kind: 'onlineResults';
  readonly room: RoomLink;
  readonly played: OnlineAppTable;
  readonly results: ResultsScreen;
}
