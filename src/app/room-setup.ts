// The creator's options for an online room (the Create screen,
// src/app/scenes/create.ts): the game's own options as Options shows them
// (the rule set, the seats, the slap rules and the other variants), the CPU
// players' level and how many seats they keep; not the card limit, which
// the server keeps (src/net/messages.ts checkCreate refuses it). They are the
// player's settings, saved with them: Options and Create show the same rule
// set and variants. The setup the room is created with comes from them.
import type { RoomSetup } from '../net/protocol';
import type { GameOptions } from '../rules/types';
import { OPTIONS, changeRow, gameOptions, optionLines, type OptionDef, type Settings } from './options';
import type { Strings } from './i18n/strings';
import type { OptionRow } from './screen';

/** The Create screen's first row: Create the room. */
export const CREATE_ROW = -1;

/** The options a room takes from its creator (src/net/messages.ts checkCreate's list). */
const ROOM_OPTIONS: readonly (keyof GameOptions)[] = ['ruleSet', 'players', 'jokers', 'slapRules', 'runLength', 'runWrap', 'wrongSlap', 'wrongSlapPenalty', 'banCards', 'tensStop', 'slapIn', 'russianJokers'];

/** Whether an option's row is on the Create screen for these settings: a room's option that applies, the CPU players' level and seats. */
function onCreateScreen(def: OptionDef, s: Settings): boolean {
  if (def.path === 'onlineCpus' || def.path === 'difficulty') return true;
  const key = (typeof def.path === 'string' ? def.path : def.path[0]) as keyof GameOptions;
  return def.shows(s) && ROOM_OPTIONS.indexOf(key) >= 0;
}

/** The rows the Create screen shows for these settings: Create the room, then each option that applies, in Options' order. */
export function createRows(s: Settings): number[] {
  const rows = [CREATE_ROW];
  OPTIONS.forEach((def, i) => {
    if (onCreateScreen(def, s)) rows.push(i);
  });
  return rows;
}

/** The rows as the screen shows them (Options' own lines, under the Create row). */
export function createLines(rows: readonly number[], s: Settings, t: Strings, nearby = false): OptionRow[] {
  const options = optionLines(rows.slice(1), s, t);
  // The CPU players' row reads what the room will keep: at most all seats but two people's.
  for (let i = 0; i < options.length; i++) {
    const path = OPTIONS[rows[i + 1]!]!.path;
    if (path === 'onlineCpus') options[i]!.value = t.seatsCount(roomCpus(s));
    // The seats are for whoever joins the room, not the people at this device.
    else if (path === 'players') options[i]!.help = t.online.playersHelp;
  }
  return [{ label: t.online.createRow, value: '', group: '', help: nearby ? t.online.nearbyCreateHelp : t.online.createHelp, picture: null }, ...options];
}

/** How many seats CPU players keep: as chosen, but never a seat that two people need. */
export function roomCpus(s: Settings): number {
  return Math.max(0, Math.min(s.onlineCpus, s.players - 2));
}

/** One step of a row's value (the CPU players' row goes round the counts the seats allow). */
export function changeCreateRow(row: number, s: Settings, dir: number): void {
  if (OPTIONS[row]!.path !== 'onlineCpus') {
    changeRow(row, s, dir);
    return;
  }
  const most = Math.max(0, s.players - 2);
  s.onlineCpus = (roomCpus(s) + dir + most + 1) % (most + 1);
}

/** The setup a room is created with (src/net/protocol.ts RoomSetup). */
export function roomSetup(s: Settings): RoomSetup {
  const all = gameOptions(s);
  const options: Record<string, unknown> = {};
  for (const key of ROOM_OPTIONS) options[key] = all[key];
  return { options: options as unknown as GameOptions, cpus: roomCpus(s), difficulty: s.difficulty };
}
