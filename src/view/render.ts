// One frame's draw list from the app's Screen: the scene, the notice line,
// sound cues, music and quit.
import { MUSIC, SOUND } from '../assets/sounds';
import { FONT_LARGE, FONT_SMALL } from '../assets/font';
import {
  SCENE_HOWTO,
  SCENE_OPTIONS,
  SCENE_RESULTS,
  SCENE_STATS,
  SCENE_TABLE,
  SCENE_TITLE,
  type Screen,
} from '../app/screen';
import * as C from './colours';
import { SPRITES } from '../assets/atlas';
import { beginFrame, clear, commandCount, music, quit, rect, sound, spriteRect } from './drawlist';
import { drawHowTo } from './howto-view';
import { drawOptions, drawResults, drawTitle } from './menus';
import { drawPause } from './pause-view';
import { drawStats } from './stats-view';
import { drawPanel } from './widgets';
import { plateX } from './seats';
import { drawCountdown, drawTable } from './table-view';
import { ALIGN_CENTRE, TextSlot } from './text';

/** Cue number (app/screen.ts CUE_*) -> sound id. */
const CUE_SOUNDS = [SOUND.flip, SOUND.slap, SOUND.sweep, SOUND.buzz, SOUND.win, SOUND.lose, SOUND.deal, SOUND.click];
const MUSIC_VOLUME = 150;

/** The track last sent with OP_MUSIC; -2 before the first frame (so the first frame always says). */
let musicSent = -2;
const noticeSlot = new TextSlot();

const quitSlot = new TextSlot();

/** "Press Start again to quit" over whatever the scene shows. */
function drawQuitQuestion(s: Screen): void {
  rect(0, 0, 480, 272, C.SHADE);
  drawPanel(70, 112, 340, 44, C.WHITE);
  quitSlot.draw(FONT_LARGE, s.strings.quitConfirm, 240, 125, ALIGN_CENTRE, C.WHITE);
}

/** A cue from a seat sounds from that side of the table. */
function playCue(s: Screen, c: number): void {
  const seat = (c >> 8) - 1;
  const game = s.table.game;
  let pan = 0;
  if (seat >= 0 && game !== null) pan = Math.floor(((plateX(game.options.players, seat) - 240) * 96) / 240);
  sound(CUE_SOUNDS[c & 255]!, 255, pan);
}

export function renderFrame(s: Screen, now: number): number {
  beginFrame();
  clear(C.FELT);
  switch (s.scene) {
    case SCENE_TITLE:
      if (s.demo) {
        drawTable(s.table, s.strings, now, s.watching ? s.strings.watching : s.strings.demo);
        // The game's name in the corner the 4-player demo table leaves free.
        if (!s.watching) spriteRect(1, 2, SPRITES.logo, C.WHITE);
      } else drawTitle(s);
      break;
    case SCENE_OPTIONS:
      drawOptions(s);
      break;
    case SCENE_HOWTO:
      drawHowTo(s);
      break;
    case SCENE_TABLE:
      // Paused, the table is not drawn: the pile stays hidden (src/view/pause-view.ts).
      if (s.paused) drawPause(s);
      else if (s.table.countdownEnd >= 0) drawCountdown(s.table, s.strings, now);
      else drawTable(s.table, s.strings, now, '');
      break;
    case SCENE_RESULTS:
      drawResults(s);
      break;
    case SCENE_STATS:
      drawStats(s);
      break;
  }
  if (s.quitConfirm) drawQuitQuestion(s);
  if (s.notice !== '' && now < s.noticeUntil) {
    rect(0, 0, 480, 15, C.SHADE_HEAVY);
    noticeSlot.draw(FONT_SMALL, s.notice, 240, 1, ALIGN_CENTRE, C.YELLOW);
  }
  for (let i = 0; i < s.cueCount; i++) playCue(s, s.cues[i]!);
  const track = s.music >= 0 ? MUSIC.theme : -1;
  if (track !== musicSent) {
    music(track, MUSIC_VOLUME);
    musicSent = track;
  }
  if (s.quit) quit();
  return commandCount();
}
