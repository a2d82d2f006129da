// The settings in use: applied to the App when they change (the texts of
// the chosen language, sound effects on or off), and saved with the lifetime
// statistics through the host, with a notice line when that failed: the game
// goes on with what it has in memory (src/app/notice.ts words it).
import type { App } from './state';
import { stringsFor } from './i18n';
import { saveNotice } from './notice';
import { writeSave } from './settings';

/** A notice stays this long. */
const NOTICE_MS = 6000;

export function save(app: App): void {
  let saved = false;
  let why = 'host.save returned false';
  try {
    saved = app.host.save(writeSave(app.settings, app.stats));
  } catch (e) {
    // A host that throws (or refuses one call too many, a RangeError) says why in its error.
    why = `host.save threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
  if (!saved) saveFailed(app, why);
}

/**
 * A save that failed, at once or (SIG_SAVE_FAILED) after the host accepted it: said, with
 * host.problem()'s reason; when the host names none, the log says what did happen (`what`).
 */
export function saveFailed(app: App, what: string): void {
  const problem = app.host.problem();
  app.host.log(`saving settings failed: ${problem ?? `no reason given (${what}, host.problem() null)`}`);
  showNotice(app, saveNotice(problem, app.strings), app.lastNow);
}

export function showNotice(app: App, text: string, now: number, roomEnd = false): void {
  app.notice.text = text;
  app.notice.until = now + NOTICE_MS;
  app.notice.roomEnd = roomEnd;
}

/**
 * The texts and sound of the settings as they now are; the host hears the
 * language and the number of people at once, as Options changes them, for
 * its own words and touch zones (host.chosen): the save comes only when the
 * player leaves Options.
 */
export function applySettings(app: App): void {
  app.strings = stringsFor(app.settings.language, app.host.caps);
  app.cues.on = app.settings.sound;
  app.host.chosen(app.settings.language, app.settings.humans);
}
