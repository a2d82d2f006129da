// The line that says why a room ended ("No room has that code.") stays its
// few seconds on the Online menu, and goes when the player opens another
// room: over the new room's lobby it would say something untrue. Other
// notices (a save that failed) keep their time.
import { describe, expect, it } from 'vitest';
import { startApp } from '../../src/app/app';
import { endedScene, openRoom } from '../../src/app/room';
import { showNotice } from '../../src/app/saving';
import { DEFAULT_CAPABILITIES, type Host } from '../../src/contract';
import { NO_NETWORK } from '../support/no-network';

function host(): Host {
  // A network that refuses every room at once: each open ends as 'unreachable'.
  return { seed: 1, caps: { ...DEFAULT_CAPABILITIES, network: true }, load: () => null, save: () => true, log: () => {}, problem: () => null, keepDamaged: () => false, ...NO_NETWORK };
}

const shown = (app: ReturnType<typeof startApp>, now: number): string => (now < app.notice.until ? app.notice.text : '');

describe('a room end line', () => {
  it('goes when the player opens another room', () => {
    const app = startApp(host());
    const refused = openRoom(app, { op: 'join', code: 'ABCDEFG' });
    expect(refused.ended).toBe('unreachable');
    endedScene(app, refused, 1000);
    expect(shown(app, 1500)).toBe(app.strings.online.unreachable);
    openRoom(app, { op: 'create', setup: {} });
    expect(shown(app, 1600)).toBe('');
  });

  it('another notice keeps its time when a room is opened', () => {
    const app = startApp(host());
    showNotice(app, 'Could not save', 1000);
    openRoom(app, { op: 'create', setup: {} });
    expect(shown(app, 1600)).toBe('Could not save');
  });
});
