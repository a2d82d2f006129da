// Statistics: the lifetime figures per rule set. Circle or Start goes back;
// Triangle asks to reset them, and then Cross resets and Circle keeps them.
import { BTN_CIRCLE, BTN_CROSS, BTN_START, BTN_TRIANGLE } from '../../contract';
import { drawStatsPage } from '../../view/stats-view';
import type { View } from '../../view/view';
import type { App } from '../state';
import { cue } from '../cues';
import { wasPressed } from '../input';
import { emptyRuleSetStats, statsRows } from '../lifetime';
import { save } from '../saving';
import { titleScene, type Scene, type SceneModule, type StatsScene } from '../scene';
import { NOTICE_AT_TOP } from '../../view/render';

export function enterStats(app: App): StatsScene {
  return { kind: 'stats', rows: statsRows(app.stats, app.strings), resetAsked: false };
}

export function statsFrame(app: App, scene: StatsScene): Scene {
  const b = app.buttons;
  if (scene.resetAsked) {
    if (wasPressed(b, BTN_CROSS)) {
      app.stats.classic = emptyRuleSetStats();
      app.stats.russian = emptyRuleSetStats();
      app.stats.twoPlayer = { games: 0, leftWins: 0, rightWins: 0 };
      save(app);
      scene.rows = statsRows(app.stats, app.strings);
      scene.resetAsked = false;
      cue(app.cues, 'click');
    } else if (wasPressed(b, BTN_CIRCLE | BTN_START)) scene.resetAsked = false;
    return scene;
  }
  if (wasPressed(b, BTN_TRIANGLE)) {
    scene.resetAsked = true;
    cue(app.cues, 'click');
  } else if (wasPressed(b, BTN_CIRCLE | BTN_START)) return titleScene();
  return scene;
}

export function drawStats(app: App, scene: StatsScene, view: View): void {
  drawStatsPage(view.stats, app.strings, scene.rows, scene.resetAsked);
}

export const STATS: SceneModule<StatsScene> = {
  frame: statsFrame,
  draw: drawStats,
  onScreen: () => null,
  held: () => null,
  menu: () => true,
  touchConfirms: true,
  taps: () => false,
  costlyEntry: () => false,
  noticeBand: () => NOTICE_AT_TOP,
};
