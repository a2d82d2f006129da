// The lobby's words (src/app/scenes/lobby.ts lobbyShown) from the room's
// message, in both languages: the CPU players' level is said only where a
// CPU plays or may play, a CPU's seat or one still open (a CPU player's if
// nobody comes by the start); a room of people alone said "CPU Medium".
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/app/i18n';
import { lobbyShown } from '../../src/app/scenes/lobby';
import type { RoomLink } from '../../src/app/room';
import { lobbyView } from '../../src/net/client';
import { SEAT_KINDS, type Lobby } from '../../src/net/protocol';
import { defaultOptions } from '../../src/rules';
import { NO_NETWORK } from '../support/no-network';

/** A lobby of a classic room with these seats (names '' for a seat no person holds), seen by its creator at seat 0. */
function lobby(kinds: (typeof SEAT_KINDS)[number][], cpus: number): Lobby {
  const names = kinds.map((k, i) => (k === 'person' ? ['Ann', 'Kim', 'Lev', 'Mia'][i]! : ''));
  const setup = { options: defaultOptions('classic', kinds.length), cpus, difficulty: 'hard' };
  return ['ABCDEFG', 0, 0, names, kinds.map((k) => SEAT_KINDS.indexOf(k)), kinds.map(() => 1), setup];
}

function setupLine(language: 'en' | 'ru', l: Lobby): string {
  const view = lobbyView(l);
  const room: RoomLink = { creating: true, nearby: false, net: NO_NETWORK, hosting: null, code: view.code, link: '', lobby: view, deal: null, game: 0, counted: 0, missed: [], table: null, dropped: false, ended: null };
  return lobbyShown(stringsFor(language), room, view).setup;
}

describe('the lobby says the CPU players\' level only where a CPU plays or may play', () => {
  for (const language of ['en', 'ru'] as const) {
    const t = stringsFor(language);
    const level = t.difficultyNames.hard;
    it(`${language}: a room of people alone says no level; a CPU's seat, or one still open, says it`, () => {
      const people = setupLine(language, lobby(['person', 'person'], 0));
      expect(people).toContain(t.playersCount(2));
      expect(people).not.toContain(level);
      expect(people).not.toContain(t.online.cpuMark);
      expect(setupLine(language, lobby(['person', 'person', 'cpu'], 1))).toContain(level);
      expect(setupLine(language, lobby(['person', 'open'], 0))).toContain(level);
    });
  }
});
