// The results of a game played out: the winner, the ranking, this game's
// figures and the lifetime line. Cross plays again, Circle goes to the title.
import { BTN_CIRCLE, BTN_CROSS } from '../../contract';
import { drawResultsPage } from '../../view/menus';
import { drawQuitQuestion } from '../../view/render';
import type { View } from '../../view/view';
import type { App } from '../state';
import { wasPressed } from '../input';
import { titleScene, type ResultsScene, type Scene } from '../scene';
import { DEAL_AHEAD_AFTER_MS, countFinished, dealAhead, startGame } from '../session';
import { quitQuestion } from './quit-question';
import { tableFinished, tableResults, type AppTable } from '../table';

/** The game on `played` is over: it is counted and saved, and its results shown. */
export function enterResults(app: App, played: AppTable): ResultsScene {
  countFinished(app, played);
  const over = played.table.game.over!;
  const t = app.strings;
  const res = tableResults(played);
  const two = app.stats.twoPlayer;
  const results = {
    winner: t.wins(played.shown.names[over.winner]!, over.winner === played.you),
    byLimit: over.byLimit,
    ranking: res.ranking,
    fastestMs: res.fastestMs,
    cardsPlayed: res.cardsPlayed,
    lifetime: played.duel
      ? [t.twoPlayerLine(two.games, two.leftWins, two.rightWins)]
      : [
          t.lifetimeLine(t.ruleSetNames.classic, app.stats.classic.games, app.stats.classic.wins),
          t.lifetimeLine(t.ruleSetNames.russian, app.stats.russian.games, app.stats.russian.wins),
        ],
  };
  return { kind: 'results', played, results, quitAsked: false, next: null };
}

export function resultsFrame(app: App, scene: ResultsScene, now: number): Scene {
  const b = app.buttons;
  const asked = quitQuestion(b, scene);
  if (asked === 'leave') return titleScene();
  if (asked === 'asking') return scene;
  if (wasPressed(b, BTN_CROSS)) return startGame(app, now, scene.next);
  if (wasPressed(b, BTN_CIRCLE)) return titleScene();
  if (tableFinished(scene.played, now - DEAL_AHEAD_AFTER_MS)) scene.next = dealAhead(app, scene.next);
  return scene;
}

export function drawResults(app: App, scene: ResultsScene, view: View): void {
  drawResultsPage(view.menus, app.strings, scene.results, scene.played.table.game.options.ruleSet === 'classic');
  if (scene.quitAsked) drawQuitQuestion(view, app.strings);
}
