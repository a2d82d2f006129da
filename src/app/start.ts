// Starting the App: the saved settings and statistics read through the host
// (what could not be read is said on the first frame, when there is a time
// to show it from), the language and sound applied, the title first.
import type { Host } from '../contract';
import { newCues } from './cues';
import { stringsFor } from './i18n';
import { newButtons, resetButtons } from './input';
import { loadNotice } from './notice';
import { applySettings, showNotice } from './saving';
import { titleScene } from './scene';
import { readSave } from './settings';
import type { App } from './state';

export function startApp(host: Host): App {
  let damaged = false;
  let text: string | null = null;
  try {
    text = host.load();
  } catch {
    damaged = true;
  }
  const loaded = readSave(typeof text === 'string' ? text : null);
  const problem = host.problem();
  // What the reader could not read is the player's too: the host keeps the
  // file before the next save replaces it (docs/host-api.md §1).
  if (damaged || loaded.damaged) keepDamaged(host);
  const strings = stringsFor(loaded.settings.language, host.caps);
  const app: App = {
    host,
    settings: loaded.settings,
    stats: loaded.stats,
    strings,
    scene: titleScene(),
    buttons: newButtons(),
    cues: newCues(),
    notice: { text: '', until: 0, roomEnd: false },
    titleCursor: 0,
    gamesStarted: 0,
    dealer: 0,
    lastInputAt: 0,
    lastNow: 0,
    started: false,
    noticePending: damaged || loaded.damaged || problem === 'damaged',
    noticeDue: loadNotice(problem, strings) ?? '',
    suspending: false,
    quit: false,
  };
  applySettings(app);
  if (app.noticePending) host.log('saved data was damaged; defaults used where unreadable');
  if (app.noticeDue !== '') host.log(`saved data could not be read: ${problem}`);
  return app;
}

function keepDamaged(host: Host): void {
  try {
    host.keepDamaged();
  } catch {
    // Nothing kept: the host refuses the next save rather than lose the file.
  }
}

/** The first frame: buttons held at launch, and the notices that waited for a time. */
export function firstFrame(app: App, now: number, buttons: number): void {
  // A button still held from launching the game is not a press.
  resetButtons(app.buttons, buttons);
  app.started = true;
  app.lastInputAt = now;
  if (app.noticePending) {
    showNotice(app, app.strings.savedDataNotice, now);
    app.noticePending = false;
  }
  if (app.noticeDue !== '') showNotice(app, app.noticeDue, now);
  app.noticeDue = '';
}
