// ratscrew.debug(): the app's state as JSON for the tests; never used by the
// game itself. Fields outside the current scene read as their defaults.
import type { App } from './state';
import type { Scene, TableScene } from './scene';
import { MODULES } from './scenes';
import { LAND_MS, NEVER } from '../table/table';
import { awayNames } from './online-table';
import { banner } from './scenes/online-table';
import type { Hosting } from './hosting';
import type { RoomLink } from './room';
import { tableDebug } from './table';

/** The paused game under the pause menu or the How to play opened from it. */
function pausedOf(scene: Scene): TableScene | null {
  if (scene.kind === 'table') return scene.pause !== null ? scene : null;
  if (scene.kind === 'howTo') return scene.back;
  return null;
}

export function debugState(app: App): string {
  const scene = app.scene;
  // The table on screen: in play, paused, played out (results) or the title's demo.
  const on = MODULES[scene.kind].onScreen(scene);
  const paused = pausedOf(scene);
  const quitConfirm = scene.kind === 'title' && scene.quitAsked;
  const endAsked = paused !== null && paused.pause!.endAsked;
  const t = on !== null ? on.show.display : null;
  return JSON.stringify({
    scene: scene.kind,
    demo: scene.kind === 'title' && scene.demo !== null,
    titleCursor: app.titleCursor,
    optionCursor: scene.kind === 'options' || scene.kind === 'create' ? scene.cursor : 0,
    optionRows: scene.kind === 'options' || scene.kind === 'create' ? scene.shown : [],
    howToPage: scene.kind === 'howTo' ? scene.page : 0,
    notice: app.notice.text,
    quitConfirm,
    endAsked,
    outPrompt: scene.kind === 'table' && scene.out !== null,
    outWhy: scene.kind === 'table' && scene.out !== null ? scene.out.why : '',
    pace: scene.kind === 'table' ? scene.pace : 1,
    paused: paused !== null,
    pauseCursor: paused !== null ? paused.pause!.cursor : 0,
    howToFromPause: scene.kind === 'howTo' && scene.back !== null,
    howToTitle: scene.kind === 'howTo' ? (scene.pages[scene.page]?.title ?? '') : '',
    statsConfirm: scene.kind === 'stats' && scene.resetAsked,
    statsRows: scene.kind === 'stats' ? scene.rows : null,
    watching: scene.kind === 'title' && scene.demo !== null && scene.demo.watching,
    /** The title or the results hold the next game, dealt ahead (src/app/session.ts). */
    nextDealt: (scene.kind === 'title' || scene.kind === 'results') && scene.next !== null && scene.next.game !== null,
    settings: app.settings,
    stats: app.stats,
    dealer: app.dealer,
    table:
      on !== null && t !== null
        ? {
            game: on.table.game,
            /** The game as the table shows it: while a played card flies, as it was before the play. */
            shownGame: t.game,
            names: t.names,
            marks: t.marks,
            message: t.message,
            hint: t.hint,
            comparison: t.comparison,
            choosing: on.naming !== null,
            celebrating: t.celebration.active,
            pick: on.naming !== null ? on.naming.pick : t.pick,
            slapTimes: t.slapTimes,
            countdown: on.countdownEnd >= 0,
            countdownLine: t.countdown,
            flying: t.flight.active && app.lastNow - t.flight.start < LAND_MS,
            quitConfirm,
            paused: paused !== null,
            timers: tableDebug(on),
          }
        : null,
    results: scene.kind === 'results' ? scene.results : scene.kind === 'onlineResults' ? scene.results : null,
    online: onlineDebug(app, scene),
  });
}

/** The online scenes: the menu's row, the entry, the room, the online table as shown and as the script holds it. */
function onlineDebug(app: App, scene: Scene): object | null {
  switch (scene.kind) {
    case 'online':
      return { cursor: scene.cursor };
    case 'entry':
      return { entry: { what: scene.what, text: scene.text, page: scene.page, row: scene.row, col: scene.col, then: scene.then } };
    case 'create':
      return { create: true, nearby: scene.nearby };
    case 'lobby':
      return { room: roomDebug(scene.room), hint: scene.shown?.hint ?? '' };
    case 'onlineResults':
      return { room: roomDebug(scene.room) };
    case 'onlineTable': {
      const t = scene.table;
      const d = t.show.display;
      return {
        room: roomDebug(scene.room),
        leaveAsked: scene.leaveAsked,
        banner: banner(app, scene),
        table: {
          shownGame: d.game,
          names: d.names,
          message: d.message,
          hint: d.hint,
          slapTimes: d.slapTimes,
          flying: d.flight.active && (app.lastNow - d.flight.start < LAND_MS || d.flight.faceDown),
          faceDown: d.flight.active && d.flight.faceDown,
          hand: { active: d.slapHand.active, seat: d.slapHand.seat, start: d.slapHand.start, marked: d.slapHand.markAt !== NEVER, good: d.slapHand.good },
          away: awayNames(t),
          you: t.net.you,
          seq: t.net.seq,
          readableAt: t.net.readableAt,
          waitedFrames: t.net.waitedFrames,
          over: t.game.over,
          celebrating: d.celebration.active,
          landsAt: t.show.landsAt,
          waiting: t.show.waiting.length,
          flyAt: t.flyAt,
          now: app.lastNow,
        },
      };
    }
  }
  return null;
}

function roomDebug(r: RoomLink): object {
  return { code: r.code, link: r.link, creating: r.creating, nearby: r.nearby, lobby: r.lobby, game: r.game, counted: r.counted, dropped: r.dropped, ended: r.ended, hosting: r.hosting === null ? null : hostingDebug(r.hosting) };
}

/** A nearby room this PSP hosts: its phase, its refusals and doors (as the server counts them), each peer's state. */
function hostingDebug(h: Hosting): object {
  const room = h.open ? h.room : null;
  const peers: [number, string][] = [];
  for (const [peer, p] of h.peers) peers.push([peer, p.state]);
  return { code: h.code, open: h.open, over: h.over, phase: room?.phase ?? null, refused: room?.counts.refused ?? 0, kicked: room?.counts.kicked ?? 0, peers };
}
