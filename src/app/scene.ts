// The scenes of the program, one value each: what the player is in, with the
// overlays it owns (the pause menu on the table, the quit question on the
// menus, the reset question on Statistics). app.ts holds the one current
// scene and hands each frame to its module in src/app/scenes/. A scene's
// frame returns the scene of the next frame: itself, or the one it led to.
import type { NextGame } from './session';
import type { AppTable } from './table';
import type { HowToPage, OptionRow, ResultsScreen, StatsRow } from './screen';

export type Scene = TitleScene | OptionsScene | HowToScene | TableScene | ResultsScene | StatsScene;

/** The scene's name, as the host's log and ratscrew.debug() give it. */
export type SceneKind = Scene['kind'];

/** The title menu (its row is the App's titleCursor, kept while away), or a CPU-only game behind it. */
export interface TitleScene {
  readonly kind: 'title';
  demo: Demo | null;
  /** The game Play would start, dealt ahead while the menu waits (src/app/session.ts). */
  next: NextGame | null;
}

/** The title, its menu showing: where every scene goes back to (src/app/scenes/title.ts runs it). */
export function titleScene(): TitleScene {
  return { kind: 'title', demo: null, next: null };
}

/** A CPU-only game: behind the idle title, or chosen as Watch CPUs (then with the player's options). */
export interface Demo {
  readonly table: AppTable;
  readonly watching: boolean;
}

/** The game a scene holds (the demo behind the title, the table, the paused one behind How to play, the finished one), or null. */
export function heldTable(scene: Scene): AppTable | null {
  switch (scene.kind) {
    case 'table':
      return scene.table;
    case 'title':
      return scene.demo !== null ? scene.demo.table : null;
    case 'howTo':
      return scene.back !== null ? scene.back.table : null;
    case 'results':
      return scene.played;
    default:
      return null;
  }
}

export interface OptionsScene {
  readonly kind: 'options';
  cursor: number;
  /** The rows shown, by row id (src/app/options.ts), and their texts. */
  rows: number[];
  shown: OptionRow[];
  /** "Press Start again to quit" is up. */
  quitAsked: boolean;
}

export interface HowToScene {
  readonly kind: 'howTo';
  readonly pages: HowToPage[];
  page: number;
  /** Opened from the pause menu: the paused table it goes back to (null: from the title). */
  readonly back: TableScene | null;
  quitAsked: boolean;
}

export interface TableScene {
  readonly kind: 'table';
  readonly table: AppTable;
  /** The pause menu over the table, or null while playing. */
  pause: PauseMenu | null;
}

/** Continue, How to play, End game; the table is hidden meanwhile. */
export interface PauseMenu {
  cursor: number;
}

export interface ResultsScene {
  readonly kind: 'results';
  /** The finished game (the view reads its rule set). */
  readonly played: AppTable;
  readonly results: ResultsScreen;
  quitAsked: boolean;
  /** The game Play again would start, dealt ahead while the results are read (src/app/session.ts). */
  next: NextGame | null;
}

export interface StatsScene {
  readonly kind: 'stats';
  rows: StatsRow[];
  /** "Reset all statistics?" is up. */
  resetAsked: boolean;
  quitAsked: boolean;
}
