// The results of a game: played out, or ended from the pause menu (ranked
// as it stood, src/app/game-stats.ts): the winner, how it ended, the
// ranking, this game's figures and the lifetime line. Cross plays again;
// Circle, or Start, goes to the title.
import { BTN_CIRCLE, BTN_CROSS, BTN_START } from '../../contract';
import { drawResultsPage } from '../../view/menus';
import type { View } from '../../view/view';
import type { App } from '../state';
import { wasPressed } from '../input';
import { titleScene, type ResultsScene, type Scene, type SceneModule } from '../scene';
import { DEAL_AHEAD_AFTER_MS, countEnded, countFinished, dealAhead, startGame } from '../session';
import { tableResults, type AppTable } from '../table';
import { resultCause } from '../game-stats';
import { NOTICE_AT_TOP } from '../../view/render';

/**
 * The game on `played` is over, or the players ended it (`ended`; a game
 * that was already won in the moment before its results counts as won): it
 * is counted and saved, and its results shown.
 */
export function enterResults(app: App, played: AppTable, ended: boolean): ResultsScene {
  const over = played.table.game.over;
  if (over !== null) countFinished(app, played);
  else countEnded(app, played);
  const t = app.strings;
  const res = tableResults(played);
  const two = app.stats.twoPlayer;
  const results = {
    winner: over !== null ? t.wins(played.show.display.names[over.winner]!, over.winner === played.you) : t.gameEnded,
    cause: t.resultCause(ended && over === null ? 'ended' : resultCause(over), played.table.game.options.ruleSet, played.humans.length),
    ranking: res.ranking,
    fastestMs: res.fastestMs,
    fastestLabel: played.duel ? t.statFastestPeople : t.statFastest,
    cardsPlayed: res.cardsPlayed,
    lifetime: played.duel
      ? [t.twoPlayerLine(two.games, two.leftWins, two.rightWins)]
      : [
          t.lifetimeLine(t.ruleSetNames.classic, app.stats.classic.games, app.stats.classic.wins),
          t.lifetimeLine(t.ruleSetNames.russian, app.stats.russian.games, app.stats.russian.wins),
        ],
  };
  return { kind: 'results', played, results, at: app.lastNow, next: null };
}

export function resultsFrame(app: App, scene: ResultsScene, now: number): Scene {
  const b = app.buttons;
  if (wasPressed(b, BTN_CROSS)) return startGame(app, now, scene.next);
  if (wasPressed(b, BTN_CIRCLE | BTN_START)) return titleScene();
  // The next game is dealt once the page has been up a moment and nobody is pressing (src/app/session.ts).
  if (now - scene.at >= DEAL_AHEAD_AFTER_MS && now - app.lastInputAt >= DEAL_AHEAD_AFTER_MS) scene.next = dealAhead(app, scene.next);
  return scene;
}

export function drawResults(app: App, scene: ResultsScene, view: View): void {
  drawResultsPage(view.menus, app.strings, scene.results, scene.played.table.game.options.ruleSet === 'classic');
}

/** The results: entered after counting and saving the game, which stays on screen behind them; a tap does not confirm. */
export const RESULTS: SceneModule<ResultsScene> = {
  frame: resultsFrame,
  draw: drawResults,
  onScreen: (scene) => scene.played,
  held: (scene) => scene.played,
  menu: () => true,
  touchConfirms: false,
  taps: () => false,
  costlyEntry: () => true,
  noticeBand: () => NOTICE_AT_TOP,
};
