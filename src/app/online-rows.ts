// The Online menu's rows as this host offers them: rooms on the rooms
// server where it has a network (host.caps.network), rooms between PSPs
// close by where it has ad hoc (host.caps.nearby: the PSP, even with no
// access point), then the player's name and Back. The title shows Online
// where either is there.
import type { Capabilities } from '../contract';
import { onlineScene, type OnlineScene } from './scene';

export type OnlineRow = 'create' | 'join' | 'hostNearby' | 'joinNearby' | 'name' | 'back';

// One array per kind of host: the view keys its cached menu by the array.
const SERVER: readonly OnlineRow[] = ['create', 'join', 'name', 'back'];
const NEARBY: readonly OnlineRow[] = ['hostNearby', 'joinNearby', 'name', 'back'];
const BOTH: readonly OnlineRow[] = ['create', 'join', 'hostNearby', 'joinNearby', 'name', 'back'];

/** Whether the title offers Online: a rooms server or PSPs close by. */
export function hasRooms(caps: Capabilities): boolean {
  return caps.network || caps.nearby;
}

export function onlineRows(caps: Capabilities): readonly OnlineRow[] {
  return caps.nearby ? (caps.network ? BOTH : NEARBY) : SERVER;
}

/** The Online menu with `row` lit (its first row where this host has no such row). */
export function onlineAt(caps: Capabilities, row: OnlineRow): OnlineScene {
  return onlineScene(Math.max(0, onlineRows(caps).indexOf(row)));
}
