// Writing a seat's name or a room's code (src/app/names.ts says what each
// takes). On a keyboard the player types it (the host's typed text: Enter
// is done, Backspace deletes; the keys typed press nothing else on that
// frame, though they also press their buttons). Anywhere, the letter
// picker: the D-pad moves over the page's cells, Cross adds the lit one (or
// deletes, switches the alphabet, is done: the wide cells), Circle
// deletes and, with nothing left, goes back; Start is done. A tap on a
// cell adds it, as Cross would: a phone's player taps the letters.
import { BTN_CIRCLE, BTN_CROSS, BTN_DOWN, BTN_LEFT, BTN_RIGHT, BTN_SELECT, BTN_START, BTN_UP } from '../../contract';
import { drawEntry, entryCellAt } from '../../view/online-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { menuPressed, wasPressed } from '../input';
import { addChar, finished, firstPage } from '../names';
import { CELL_DELETE, CELL_DONE, CELL_SWITCH, PICKER_PAGES, type EntryKind } from '../../view/picker';
import { openRoom } from '../room';
import { save } from '../saving';
import { lobbyScene, onlineScene, titleScene, type AfterEntry, type EntryScene, type Scene, type SceneModule } from '../scene';
import { onlineAt } from '../online-rows';
import { enterCreate } from './create';
import { NOTICE_AT_TOP } from '../../view/render';

export function enterEntry(app: App, what: EntryKind, then: AfterEntry): EntryScene {
  return { kind: 'entry', what, text: what === 'name' ? app.settings.name : '', page: firstPage(what, app.settings.language), row: 0, col: 0, then };
}

export function entryFrame(app: App, scene: EntryScene): Scene {
  const b = app.buttons;
  if (b.typed !== '') return typing(app, scene, b.typed);
  const cells = PICKER_PAGES[scene.what][scene.page]!;
  if (menuPressed(b, BTN_UP)) moveRow(app, scene, cells, -1);
  if (menuPressed(b, BTN_DOWN)) moveRow(app, scene, cells, 1);
  if (menuPressed(b, BTN_LEFT)) moveCol(app, scene, cells, -1);
  if (menuPressed(b, BTN_RIGHT)) moveCol(app, scene, cells, 1);
  if (wasPressed(b, BTN_START)) return done(app, scene);
  if (wasPressed(b, BTN_CIRCLE | BTN_SELECT)) return deleteOne(app, scene);
  const tapped = b.tapped ? entryCellAt(scene.what, scene.page, b.tapX, b.tapY) : null;
  if (tapped !== null) {
    scene.row = tapped[0];
    scene.col = tapped[1];
  } else if (!wasPressed(b, BTN_CROSS)) return scene;
  const cell = cells[scene.row]![scene.col]!;
  cue(app.cues, 'click');
  if (cell === CELL_DONE) return done(app, scene);
  if (cell === CELL_DELETE) return deleteOne(app, scene);
  if (cell === CELL_SWITCH) {
    scene.page = (scene.page + 1) % PICKER_PAGES[scene.what].length;
    return scene;
  }
  scene.text = addChar(scene.what, scene.text, cell, true);
  return scene;
}

/** A keyboard's text: each character added, Backspace and Enter as the picker's delete and done. */
function typing(app: App, scene: EntryScene, typed: string): Scene {
  for (const c of typed) {
    if (c === '\n') return done(app, scene);
    if (c === '\b') {
      const next = deleteOne(app, scene);
      if (next !== scene) return next;
    } else scene.text = addChar(scene.what, scene.text, c, false);
  }
  return scene;
}

function moveRow(app: App, scene: EntryScene, cells: readonly (readonly string[])[], dir: number): void {
  const from = cells[scene.row]!.length;
  scene.row = (scene.row + dir + cells.length) % cells.length;
  // Into a row of another width (the wide cells), to the cell under the same place.
  const to = cells[scene.row]!.length;
  scene.col = Math.min(to - 1, Math.floor(((scene.col + 0.5) * to) / from));
  cue(app.cues, 'click');
}

function moveCol(app: App, scene: EntryScene, cells: readonly (readonly string[])[], dir: number): void {
  const n = cells[scene.row]!.length;
  scene.col = (scene.col + dir + n) % n;
  cue(app.cues, 'click');
}

/** One character less; with nothing left, back to where the entry came from. */
function deleteOne(app: App, scene: EntryScene): Scene {
  if (scene.text === '') return back(app, scene);
  scene.text = scene.text.slice(0, -1);
  return scene;
}

function back(app: App, scene: EntryScene): Scene {
  cue(app.cues, 'click');
  // Without a name there is no Online menu to go back to.
  if (scene.what === 'name' && (app.settings.name === '' || typeof scene.then === 'object')) return titleScene();
  return onlineAt(app.host.caps, scene.what === 'code' ? (scene.then === 'joinNearby' ? 'joinNearby' : 'join') : 'name');
}

/** Done: a name is kept in the save, a code is joined; something incomplete waits for more. */
function done(app: App, scene: EntryScene): Scene {
  const value = finished(scene.what, scene.text);
  if (value === '') {
    cue(app.cues, 'buzz');
    return scene;
  }
  cue(app.cues, 'click');
  if (scene.what === 'code') return lobbyScene(openRoom(app, { op: 'join', code: value }, scene.then === 'joinNearby'));
  app.settings.name = value;
  save(app);
  const then = scene.then;
  if (typeof then === 'object') return lobbyScene(openRoom(app, { op: 'join', code: then.invite }));
  if (then === 'create') return enterCreate(app, false);
  if (then === 'code') return enterEntry(app, 'code', 'join');
  return then === 'rename' ? onlineAt(app.host.caps, 'name') : onlineScene(0);
}

export function drawEntryScene(app: App, scene: EntryScene, view: View): void {
  const keys = app.strings.machine === 'keyboard';
  drawEntry(view.online, app.strings, scene.what, scene.text, scene.page, scene.row, scene.col, keys, scene.then === 'joinNearby');
}

/** The letter picker: taps pick its cells. */
export const ENTRY: SceneModule<EntryScene> = {
  frame: entryFrame,
  draw: drawEntryScene,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: true,
  taps: () => true,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
