// The notice line (src/view/render.ts drawNotice) covers nothing the player
// reads, where it shows (the screenshots' review): on the Online menu its
// band does not touch the menu's frame (a refused room comes back there
// with its notice), and over the table, in play, online or behind the
// title, it lies on no seat's name plate at any table size ("While you were
// away, Ann won your game" hid the top seats for its six seconds), and a top
// seat's bobbing turn arrow is all under it or clear of it; with the
// pause menu or the out prompt over the table it is clear of their panels.
// Each band where its scene's module puts it (SceneModule.noticeBand), over
// the view's own draw commands. On the menu pages with a panel from the top
// (the results, offline and online; Options and a room's options;
// Statistics; the lobby; the letter picker; How to play) nothing the page
// draws but the felt touches the band: not the panel's frame, not its
// heading ("Dana wins!" lay under it: a failed save, or "While you were
// away" carried from an ended rematch, reaches the results).
import { beforeEach, describe, expect, it } from 'vitest';
import { SPRITES } from '../../src/assets/atlas';
import { howToPages } from '../../src/app/howto';
import { statsRows, defaultStats } from '../../src/app/lifetime';
import { OPTIONS, defaultSettings, optionLines } from '../../src/app/options';
import type { ResultsScreen } from '../../src/app/screen';
import { FALLBACK_CODE } from '../../src/assets/font';
import { stringsFor } from '../../src/app/i18n';
import type { OnlineRow } from '../../src/app/online-rows';
import { onlineScene, titleScene, type TableScene, type TitleScene } from '../../src/app/scene';
import { SCENES } from '../../src/app/scenes';
import { defaultOptions } from '../../src/rules';
import { COMMAND_INTS, MAX_COMMANDS, decodeCommands, type Command } from '../../src/contract';
import { beginFrame, bindCommands, commandCount } from '../../src/view/drawlist';
import { drawHowToPage } from '../../src/view/howto-view';
import { drawOptionsPage, drawResultsPage } from '../../src/view/menus';
import { drawEntry, drawLobby, drawOnlineMenu } from '../../src/view/online-view';
import { drawStatsPage } from '../../src/view/stats-view';
import { drawOutPrompt, drawPauseMenu } from '../../src/view/pause-view';
import { drawNotice, type NoticeBand } from '../../src/view/render';
import { setFallbackCode } from '../../src/view/text';
import { newView, type View } from '../../src/view/view';
import { slapTable } from './slap-scenes';
import { overlaps, type Box } from '../support/boxes';

const buf = new Int32Array(MAX_COMMANDS * COMMAND_INTS);

beforeEach(() => {
  setFallbackCode(FALLBACK_CODE);
  bindCommands(buf);
});

/** A frame's commands: what `scene` draws, then the notice on `at`. */
function frame(view: View, scene: () => void, notice: string, at: NoticeBand): Command[] {
  beginFrame();
  scene();
  drawNotice(view, notice, at);
  return decodeCommands(buf, commandCount());
}

/** The notice's band: the frame's full-width dark rectangle of its height. */
function band(cmds: Command[], at: NoticeBand): Box {
  const found = cmds.filter((c) => c.op === 'RECT' && c.w === 480 && c.h === at.height && c.color === at.shade);
  expect(found.length).toBe(1);
  return found[0] as Box;
}

function inside(a: Box, b: Box): boolean {
  return a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
}

/** The sprites cut from the atlas's `rect` (a panel's nine pieces, the seats' plates). */
function spritesOf(cmds: Command[], rect: readonly number[]): Box[] {
  return cmds.flatMap((c) =>
    c.op === 'SPRITE' && c.u >= rect[0]! && c.u < rect[0]! + rect[2]! && c.v >= rect[1]! && c.v < rect[1]! + rect[3]! ? [{ x: c.x, y: c.y, w: Math.abs(c.w), h: Math.abs(c.h) }] : [],
  );
}

/** One pixel more all round: boxes that only touch overlap it. */
function grown(b: Box): Box {
  return { x: b.x - 1, y: b.y - 1, w: b.w + 2, h: b.h + 2 };
}

const LANGUAGES = ['en', 'ru'] as const;

describe('the Online menu with a notice', () => {
  const HOSTS: [string, OnlineRow[]][] = [
    ['a rooms server', ['create', 'join', 'name', 'back']],
    ['a rooms server and PSPs close by', ['create', 'join', 'hostNearby', 'joinNearby', 'name', 'back']],
    ['PSPs close by', ['hostNearby', 'joinNearby', 'name', 'back']],
  ];
  it.each(HOSTS)('%s: the band does not touch the frame', (_, rows) => {
    for (const language of LANGUAGES) {
      const t = stringsFor(language);
      const view = newView();
      const at = SCENES.online.noticeBand(onlineScene(0));
      const cmds = frame(view, () => drawOnlineMenu(view.online, t, rows, 0, 'Ann'), t.online.notFound, at);
      const panel = spritesOf(cmds, SPRITES.panel);
      expect(panel.length).toBe(9);
      const on = grown(band(cmds, at));
      expect(panel.filter((p) => overlaps(p, on)), language).toEqual([]);
    }
  });
});

describe('a notice over the table', () => {
  const inPlay = { pause: null, out: null } as unknown as TableScene;
  const demo = { ...titleScene(), demo: {} } as unknown as TitleScene;
  const TOPS: [string, NoticeBand][] = [
    ['in play', SCENES.table.noticeBand(inPlay)],
    ['online', SCENES.onlineTable.noticeBand(null as never)],
    ['behind the title', SCENES.title.noticeBand(demo)],
  ];
  const CASES: [string, NoticeBand, number, 1 | 2][] = [];
  for (const [where, top] of TOPS) for (let players = 2; players <= 6; players++) for (const people of [1, 2] as const) CASES.push([where, top, players, people]);

  it.each(CASES)('%s (band %o), %i players, %i people: on no name plate; the turn arrow all under it or clear of it', (_, at, players, people) => {
    for (const language of LANGUAGES) {
      const t = stringsFor(language);
      // Seat 2 to play: a top seat from three players up, whose arrow points up at its stack.
      const display = slapTable(players, 1, 'won', people, language, 0);
      const view = newView();
      // Over the arrow's bob (every 70 ms a step).
      for (let now = 20_000; now < 20_000 + 8 * 70; now += 70) {
        const cmds = frame(view, () => view.table.draw(display, t, now, ''), t.online.missedGames(1, display.names[1]!, false), at);
        const plates = spritesOf(cmds, SPRITES.seat);
        expect(plates.length).toBe(players);
        const on = band(cmds, at);
        expect(plates.filter((p) => overlaps(p, on)), language).toEqual([]);
        const arrows = spritesOf(cmds, SPRITES.arrow);
        expect(arrows.length).toBe(1);
        expect(arrows.filter((a) => overlaps(a, on) && !inside(a, on)), `${language}, ${now} ms: a sliver of the arrow`).toEqual([]);
      }
    }
  });

  it('under the pause menu and the out prompt: clear of their panels', () => {
    const paused = { pause: {}, out: null } as unknown as TableScene;
    const out = { pause: null, out: {} } as unknown as TableScene;
    for (const language of LANGUAGES) {
      const t = stringsFor(language);
      const view = newView();
      const notice = t.online.notFound;
      for (const cmds of [
        frame(view, () => drawPauseMenu(view.pause, t, 0), notice, SCENES.table.noticeBand(paused)),
        frame(view, () => drawOutPrompt(view.pause, t, 0, t.outWhy(false, false)), notice, SCENES.table.noticeBand(out)),
      ]) {
        const on = band(cmds, SCENES.table.noticeBand(paused));
        const panel = spritesOf(cmds, SPRITES.panel);
        expect(panel.length).toBe(9);
        expect(panel.filter((p) => overlaps(p, on)), language).toEqual([]);
      }
    }
  });
});

describe('a notice over a menu page', () => {
  /** What a page draws under the band: all but the felt (its tiles and its darker frames toward the edges). */
  function drawn(cmds: Command[]): Box[] {
    const felt = SPRITES.felt;
    return cmds.flatMap((c): Box[] => {
      if (c.op === 'SPRITE') {
        if (c.u >= felt[0] && c.u < felt[0] + felt[2] && c.v >= felt[1] && c.v < felt[1] + felt[3]) return [];
        return [{ x: Math.min(c.x, c.x + c.w), y: Math.min(c.y, c.y + c.h), w: Math.abs(c.w), h: Math.abs(c.h) }];
      }
      if (c.op === 'RECT' && c.color !== 0x0c000000) return [{ x: c.x, y: c.y, w: c.w, h: c.h }];
      return [];
    });
  }

  function results(language: 'en' | 'ru', slapping: boolean): ResultsScreen {
    const t = stringsFor(language);
    const names = [t.you, ...t.cpuNames].slice(0, 6);
    return {
      winner: t.wins(t.cpuNames[4]!, false),
      cause: t.resultCause('cardLimit', slapping ? 'classic' : 'russian', 1),
      ranking: names.map((name, i) => ({ place: i + 1, name, cards: 52 - i * 9, piles: 10 + i, slapsWon: 12 + i, wrongSlaps: 3 + i })),
      fastestMs: 287,
      fastestLabel: t.statFastest,
      cardsPlayed: 5000,
      lifetime: [t.lifetimeLine(t.ruleSetNames.classic, 12, 5), t.lifetimeLine(t.ruleSetNames.russian, 3, 1)],
    };
  }

  type Page = (view: View, language: 'en' | 'ru') => void;
  const every = OPTIONS.map((_, i) => i);
  const options = (language: 'en' | 'ru'): ReturnType<typeof optionLines> => optionLines(every, defaultSettings(), stringsFor(language));
  const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ name: i === 0 ? 'Ann' : `Player ${i + 1}`, marks: i === 0 ? 'host' : '', you: i === 1, away: i === 3 }));
  const PAGES: [string, NoticeBand, Page][] = [
    ['the results', SCENES.results.noticeBand(null as never), (v, l) => drawResultsPage(v.menus, stringsFor(l), results(l, true), true)],
    ['the results of a Russian game', SCENES.results.noticeBand(null as never), (v, l) => drawResultsPage(v.menus, stringsFor(l), results(l, false), false)],
    ['an online game\'s results', SCENES.onlineResults.noticeBand(null as never), (v, l) => drawResultsPage(v.menus, stringsFor(l), results(l, true), true, stringsFor(l).online.waitHint)],
    ['Options, at the top', SCENES.options.noticeBand(null as never), (v, l) => drawOptionsPage(v.menus, stringsFor(l), options(l), 0)],
    ['Options, scrolled to the end', SCENES.options.noticeBand(null as never), (v, l) => drawOptionsPage(v.menus, stringsFor(l), options(l), options(l).length - 1)],
    ['a room\'s options', SCENES.create.noticeBand(null as never), (v, l) => drawOptionsPage(v.menus, stringsFor(l), options(l), 5, stringsFor(l).online.createTitle, stringsFor(l).online.createHint)],
    ['Statistics', SCENES.stats.noticeBand(null as never), (v, l) => drawStatsPage(v.stats, stringsFor(l), statsRows(defaultStats(), stringsFor(l)), false)],
    ['the lobby', SCENES.lobby.noticeBand(null as never), (v, l) => {
      const t = stringsFor(l);
      drawLobby(v.online, { title: t.online.title, share: ['ABCDEFG', t.online.about], setup: t.online.rows.create, seats: seats(6), hint: t.online.waitHint }, '', t.online.waitHint);
    }],
    ['the lobby, opening', SCENES.lobby.noticeBand(null as never), (v, l) => drawLobby(v.online, null, stringsFor(l).online.opening, stringsFor(l).online.waitHint)],
    ['the letter picker, a name', SCENES.entry.noticeBand(null as never), (v, l) => drawEntry(v.online, stringsFor(l), 'name', 'Ann', 0, 0, 0, false)],
    ['the letter picker, a nearby code', SCENES.entry.noticeBand(null as never), (v, l) => drawEntry(v.online, stringsFor(l), 'code', 'ABC', 0, 1, 2, true, true)],
    ['How to play', SCENES.howTo.noticeBand(null as never), (v, l) => drawHowToPage(v.howTo, stringsFor(l), howToPages(defaultOptions('classic', 4), stringsFor(l)), 0)],
  ];

  it.each(PAGES)('%s: nothing but the felt touches the band', (_, at, page) => {
    for (const language of LANGUAGES) {
      const view = newView();
      const cmds = frame(view, () => page(view, language), stringsFor(language).online.notFound, at);
      const on = band(cmds, at);
      const under = drawn(cmds.slice(0, cmds.indexOf(cmds.find((c) => c.op === 'RECT' && c.y === on.y && c.w === 480 && c.h === on.h && c.color === at.shade)!)));
      expect(under.length).toBeGreaterThan(9);
      expect(under.filter((b) => overlaps(b, grown(on))), language).toEqual([]);
    }
  });
});
