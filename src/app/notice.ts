// What the player is told when the host could not read or write the saved
// settings: the problem names of host.problem() (docs/host-api.md §1), as one
// line in the player's language (the strings tables word them). A save that
// failed costs nothing but the file: the game goes on with the settings in
// memory, and says so.
import type { SaveProblem } from '../contract';
import type { Strings } from './i18n/strings';

export type { SaveProblem } from '../contract';

/**
 * The notice for a load the host could not hand over whole, or null when
 * there is nothing to say. A damaged save whose text was handed over is the
 * saved-data notice of the strings tables (the reader kept what it could).
 */
export function loadNotice(problem: SaveProblem | null, t: Strings): string | null {
  if (problem === null || problem === 'damaged') return null;
  return t.cannotRead(t.saveProblems[problem]);
}

/** The notice for a save that failed, with the host's reason if it gave one. */
export function saveNotice(problem: SaveProblem | null, t: Strings): string {
  return t.cannotSave(t.saveProblems[problem ?? 'failed']);
}
