// The table's message line per engine event (src/app/table-show.ts): each
// event says what happened in words that stay true, and in real play the
// challenge line always agrees with the pips.
import { describe, expect, it } from 'vitest';
import { newGame, defaultOptions } from '../../src/rules';
import type { GameEvent, GameState } from '../../src/rules/types';
import { EN } from '../../src/app/i18n/en';
import { RU } from '../../src/app/i18n/ru';
import { newCues } from '../../src/app/cues';
import { newTableDisplay } from '../../src/view/table-display';
import { landFlight, MESSAGE_MS, newTableShow, showAction, showEvent, type TableShow } from '../../src/app/table-show';
import { names, play, table } from '../rules/table';
import { LAND_MS } from '../../src/table/table';
import type { Controller } from '../../src/table/seats';
import type { Strings } from '../../src/app/i18n/strings';
import { Driver } from '../support/driver';
import { playUntil } from './helpers';

function appAt(strings: Strings): TableShow {
  const shown = newTableDisplay();
  shown.names = [strings.you, 'Dana', 'Alex'];
  shown.human = 0;
  const seats: Controller[] = [{ kind: 'human', pad: 0 }, { kind: 'cpu', difficulty: 'medium' }, { kind: 'cpu', difficulty: 'medium' }];
  return newTableShow(shown, strings, newCues(), seats, 0, false, 0);
}

const base: GameState = newGame(defaultOptions('classic', 3), 1, 0);
const withChallenge = (left: number, answerer = 1): GameState => ({ ...base, challenge: { by: 0, answerer, chancesLeft: left } });

function said(strings: Strings, e: GameEvent, before: GameState, after: GameState): string {
  const app = appAt(strings);
  app.display.message = 'stale';
  showEvent(app, e, before, after, 1000, false);
  return app.display.message;
}

describe('the message line per event', () => {
  it('a challenge says the answerer and the full count', () => {
    expect(said(EN, { type: 'challenge', by: 0, answerer: 1, chances: 3 }, base, withChallenge(3))).toBe('Challenge! Dana has 3 chances');
  });

  it('each answer that is no face card counts the challenge down', () => {
    const played: GameEvent = { type: 'played', seat: 1, card: 3, comparison: 'none' };
    expect(said(EN, played, withChallenge(3), withChallenge(2))).toBe('Dana has 2 chances left');
    expect(said(EN, played, withChallenge(2), withChallenge(1))).toBe('Dana has 1 chance left');
    expect(said(EN, { ...played, seat: 0 }, withChallenge(4, 0), withChallenge(3, 0))).toBe('You have 3 chances left');
    expect(said(RU, played, withChallenge(2), withChallenge(1))).toBe('У Dana осталась 1 попытка');
    expect(said(RU, played, withChallenge(4), withChallenge(3))).toBe('У Dana осталось 3 попытки');
  });

  it('a play outside a challenge leaves the line alone', () => {
    expect(said(EN, { type: 'played', seat: 1, card: 3, comparison: 'none' }, base, base)).toBe('stale');
  });

  it('while the won pile waits, the line says who won it', () => {
    const due = (seat: number, reason: 'challenge' | 'lastCard'): GameState => ({ ...base, pendingCollect: { seat, reason } });
    expect(said(EN, { type: 'collectDue', seat: 2 }, withChallenge(1), due(2, 'challenge'))).toBe('Alex wins the challenge!');
    expect(said(EN, { type: 'collectDue', seat: 0 }, withChallenge(1), due(0, 'challenge'))).toBe('You win the challenge!');
    expect(said(RU, { type: 'collectDue', seat: 0 }, withChallenge(1), due(0, 'challenge'))).toBe('Вы выиграли вызов!');
    expect(said(EN, { type: 'collectDue', seat: 1 }, base, due(1, 'lastCard'))).toBe('Dana played the last card: the pile is theirs');
  });

  it('slapping back in is said', () => {
    expect(said(EN, { type: 'slappedIn', seat: 1 }, base, base)).toBe('Dana slaps back in!');
  });

  it('claims, wrong slaps and late slaps name who and how many cards', () => {
    expect(said(EN, { type: 'claimed', seat: 1, reason: 'slap', pattern: 'pair', cards: 21 }, { ...base, pile: [1, 14] }, base)).toBe('Pair! Dana takes 21 cards');
    expect(said(RU, { type: 'claimed', seat: 1, reason: 'slap', pattern: 'pair', cards: 21 }, { ...base, pile: [1, 14] }, base)).toBe('Пара! Dana берёт 21 карту');
    expect(said(EN, { type: 'claimed', seat: 0, reason: 'challenge', cards: 5 }, { ...base, pile: [1] }, base)).toBe('You win the challenge: 5 cards');
    expect(said(EN, { type: 'wrongSlap', seat: 0, burned: 2, barred: false }, base, base)).toBe('Wrong slap: 2 cards burned');
    expect(said(EN, { type: 'slapMissed', seat: 0 }, base, base)).toBe('Too late!');
  });
});

describe('how long a line stays', () => {
  const played: GameEvent = { type: 'played', seat: 1, card: 3, comparison: 'none' };

  // A play's event is shown as its card lands (showAction): here, at its time.
  it('a line about a pile leaves when the next card lands', () => {
    const app = appAt(EN);
    showEvent(app, { type: 'claimed', seat: 1, reason: 'challenge', cards: 8 }, { ...base, pile: [1, 2] }, base, 1000, false);
    expect(app.messageLeaves).toBe(1000 + MESSAGE_MS);
    showEvent(app, played, base, base, 1900 + LAND_MS, false);
    expect(app.display.message).toBe('Dana wins the challenge: 8 cards');
    expect(app.messageLeaves).toBe(1900 + LAND_MS);
  });

  it('another line stays a second at least, even when a card lands sooner', () => {
    const app = appAt(EN);
    showEvent(app, { type: 'wrongSlap', seat: 2, burned: 1, barred: false }, base, base, 1000, false);
    showEvent(app, played, base, base, 1100, false);
    expect(app.messageLeaves).toBe(2000);
    showEvent(app, played, base, base, 2500, false);
    expect(app.messageLeaves).toBe(2000);
  });

  it('in real play, a claim line is gone by the frame after the next card lands', async () => {
    const d = await Driver.create({ seed: 4 });
    try {
      d.step(0);
      d.press(0x4000); // Play: a 4-player classic game
      let claim = '';
      let cardsThen = 0;
      let checked = 0;
      let landedFrames = 0;
      playUntil(
        d,
        (s) => {
          const g = s.table?.game;
          if (!g) return false;
          const m: string = s.table.message;
          if (/takes \d+ cards|take \d+ cards|wins? the challenge: /.test(m) && m !== claim) {
            claim = m;
            cardsThen = g.cardsPlayed;
            landedFrames = 0;
          }
          if (claim !== '' && g.cardsPlayed > cardsThen) {
            // The next card was played: it lands LAND_MS later (11 frames), and the line goes with it.
            if (++landedFrames > Math.ceil(LAND_MS / 16.7) + 2) {
              expect(m, `"${claim}" still up ${landedFrames} frames after the next card`).not.toBe(claim);
              checked++;
              claim = '';
            }
          }
          return checked >= 8;
        },
        40000,
      );
    } finally {
      d.dispose();
    }
  });
});

describe('a pile a play wins', () => {
  it('is swept with the card that won it on top (Russian: a lower card), as that card lands', () => {
    const before = play(table({ rules: 'russian', stacks: ['9H 2C', '4D 3C', '7S 8S'], turn: 0 }), 0).state;
    const step = play(before, 1);
    const app = appAt(EN);
    showAction(app, { type: 'play', seat: 1 }, step.events, before, step.state, 1000, null);
    expect(app.display.sweep.active).toBe(false); // nothing shows before the landing
    landFlight(app, 1000 + LAND_MS, step.state, null);
    const sw = app.display.sweep;
    expect([sw.active, sw.seat, names(Array.from(sw.cards.slice(0, sw.count)))]).toEqual([true, 1, '9H 4D']);
  });
});

describe('in real play', () => {
  // The pips and the line as the table shows them (shownGame: a played card's doings show as it lands).
  it('the challenge line agrees with the pips after every answer, and the collect wait names the winner', async () => {
    const d = await Driver.create({ seed: 3 });
    try {
      d.step(0);
      d.press(0x4000); // Play: a 4-player classic game
      let countdowns = 0;
      let waits = 0;
      playUntil(
        (d),
        (s) => {
          const g = s.table?.shownGame;
          if (!g) return false;
          const m: string = s.table.message;
          if (g.challenge !== null && /left$/.test(m)) {
            countdowns++;
            expect(m).toContain(g.challenge.chancesLeft === 1 ? '1 chance left' : `${g.challenge.chancesLeft} chances left`);
          }
          if (g.pendingCollect !== null && g.pendingCollect.reason === 'challenge') {
            waits++;
            const name = s.table.names[g.pendingCollect.seat];
            // Unless something newer (a slap) was said meanwhile.
            if (!/!.*takes|Wrong slap|Too late|slaps back/.test(m)) expect(m).toBe(name === 'You' ? 'You win the challenge!' : `${name} wins the challenge!`);
          }
          return countdowns >= 5 && waits >= 30;
        },
        30000,
      );
    } finally {
      d.dispose();
    }
  });
});
