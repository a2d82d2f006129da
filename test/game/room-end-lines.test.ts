// Why a room ended is one line at the top of the screen (the notice,
// src/view/render.ts drawNotice: one line, centred, never wrapped): each
// language's line for each end must fit the screen's width, or the player
// reads it cut at both ends (the Russian nearby line did).
import { describe, expect, it } from 'vitest';
import { FONT_SMALL } from '../../src/assets/font';
import { LANGUAGES, stringsFor } from '../../src/app/i18n';
import type { RoomEnd } from '../../src/app/room';
import { measure } from '../../src/view/text';
import { SCREEN_W } from '../../src/contract';
import { NAME_MAX } from '../../src/net/protocol';

/** Every end the player is told of (a room left on purpose says nothing). */
const ENDS: Record<Exclude<RoomEnd, 'left'>, true> = {
  notFound: true,
  started: true,
  full: true,
  unreachable: true,
  nearbyUnreachable: true,
  nearbyNotOpened: true,
  tooMany: true,
  lost: true,
  hostLeft: true,
  hostGone: true,
  hostSlept: true,
  serverStopping: true,
};

describe('a room\'s end in one line', () => {
  for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
    it(`${language}: every end fits the notice line`, () => {
      const o = stringsFor(language).online;
      for (const end of Object.keys(ENDS) as (keyof typeof ENDS)[]) expect([end, measure(FONT_SMALL, o[end])]).toEqual([end, Math.min(measure(FONT_SMALL, o[end]), SCREEN_W - 8)]);
    });
  }
});

describe('the line about games that ended while the player was away', () => {
  for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
    it(`${language}: fits the notice line with the widest name a seat may have`, () => {
      const o = stringsFor(language).online;
      const widest = 'Ш'.repeat(NAME_MAX);
      for (const line of [o.missedGames(1, widest, false), o.missedGames(1, widest, true), o.missedGames(12, widest, false)]) expect([line, measure(FONT_SMALL, line)]).toEqual([line, Math.min(measure(FONT_SMALL, line), SCREEN_W - 8)]);
    });
  }
});

describe('the lines of a nearby room whose host\'s PSP slept', () => {
  for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
    it(`${language}: the host's notice on waking, the joiner's line over the table and in the lobby fit the screen`, () => {
      const o = stringsFor(language).online;
      // With the PSP's button names (the widest: a keyboard's hints name one key, "D").
      for (const line of [o.hostWoke, o.hostAway, `${o.hostAway}   ${o.leaveHint}`, `${o.reconnecting}   ${o.leaveHint}`]) expect([line, measure(FONT_SMALL, line)]).toEqual([line, Math.min(measure(FONT_SMALL, line), SCREEN_W - 8)]);
    });
  }
});
