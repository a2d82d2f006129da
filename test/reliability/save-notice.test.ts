// Save problems reach the screen (issue 12, D2 and D3): the app asks
// host.problem() after a load and after a failed save, and shows one notice
// line that says what happened and that the game goes on with the settings in
// memory. Driven through src/app/app.ts with a stand-in host.
import { describe, expect, it } from 'vitest';
import { appFrame, startApp, type App } from '../../src/app/app';
import { debugState } from '../../src/app/debug';
import { BTN_CROSS, BTN_DOWN, BTN_START, DEFAULT_CAPABILITIES, type Host, type SaveProblem } from '../../src/contract';
import { writeSave } from '../../src/app/settings';
import { NO_NETWORK } from '../support/no-network';

interface StandIn extends Host {
  logs: string[];
  saves: number;
}

function host(opts: { saved?: string | null; loadProblem?: SaveProblem | null; saveProblem?: SaveProblem | null; saveOk?: boolean }): StandIn {
  let problem: SaveProblem | null = opts.loadProblem ?? null;
  const h: StandIn = {
    seed: 3,
    caps: DEFAULT_CAPABILITIES,
    logs: [],
    saves: 0,
    load: () => opts.saved ?? null,
    save: () => {
      h.saves++;
      problem = opts.saveOk ? null : (opts.saveProblem ?? null);
      return opts.saveOk ?? false;
    },
    log: (t) => h.logs.push(t),
    problem: () => problem,
    keepDamaged: () => true,
    ...NO_NETWORK,
  };
  return h;
}

/** The app under test: each start() makes a new one, as a host loading the bundle does. */
let app: App;
const start = (h: StandIn): void => {
  app = startApp(h);
};
const frame = (now: number, buttons: number): void => appFrame(app, now, buttons);
const debug = (): string => debugState(app);

/** The saved text of a fresh app's default settings, changed by edit. */
function defaultSave(edit: (save: { settings: Record<string, unknown> }) => void = () => {}): string {
  start(host({}));
  const state = JSON.parse(debug()) as { settings: Parameters<typeof writeSave>[0]; stats: Parameters<typeof writeSave>[1] };
  const save = JSON.parse(writeSave(state.settings, state.stats)) as { settings: Record<string, unknown> };
  edit(save);
  return JSON.stringify(save);
}

function notice(): string {
  return (JSON.parse(debug()) as { notice: string }).notice;
}

/** Title -> Options -> Start (leaves Options, which saves). */
function leaveOptions(): number {
  let now = 0;
  const press = (b: number) => {
    frame((now += 17), b);
    frame((now += 17), 0);
  };
  frame(now, 0);
  press(BTN_DOWN);
  press(BTN_CROSS);
  expect(JSON.parse(debug()).scene).toBe('options');
  press(BTN_START);
  expect(JSON.parse(debug()).scene).toBe('title');
  return now;
}

describe('save problems on the screen', () => {
  it.each<[SaveProblem | null, RegExp]>([
    ['full', /^Could not save \(storage full\)\. Playing on with these settings\.$/],
    ['read-only', /^Could not save \(read-only\)/],
    ['no-folder', /^Could not save \(no save folder\)/],
    [null, /^Could not save \(write error\)/],
  ])('a failed save (%s) shows a notice and keeps the settings in memory', (problem, text) => {
    const h = host({ saveProblem: problem });
    start(h);
    leaveOptions();
    expect(h.saves).toBe(1);
    expect(notice()).toMatch(text);
    expect(h.logs.join('\n')).toContain(`saving settings failed: ${problem ?? 'no reason given (host.save returned false, host.problem() null)'}`);
  });

  it('a host.save that throws: the notice, and the log names the error (it was swallowed: "no reason given")', () => {
    const h = host({});
    h.save = () => {
      h.saves++;
      throw new RangeError('host.save was called more than 4 times during frame');
    };
    start(h);
    leaveOptions();
    expect(h.saves).toBe(1);
    expect(notice()).toMatch(/^Could not save \(write error\)/);
    expect(h.logs).toContain('saving settings failed: no reason given (host.save threw RangeError: host.save was called more than 4 times during frame, host.problem() null)');
  });

  it('a save that works shows nothing', () => {
    const h = host({ saveOk: true });
    start(h);
    leaveOptions();
    expect(h.saves).toBe(1);
    expect(notice()).toBe('');
  });

  it('a notice in Russian when the language is Russian', () => {
    const h = host({ saved: defaultSave((save) => { save.settings.language = 'ru'; }), saveProblem: 'full' });
    start(h);
    leaveOptions();
    expect(notice()).toBe('Не сохранено (нет места). Игра идёт с этими настройками.');
  });

  it('a save whose trailer failed is reported once, though every field could be read (D3)', () => {
    // "wins":7 -> "vins":7 is valid JSON: without the host's word it reads as an older save.
    const text = defaultSave().replace('"wins"', '"vins"');
    expect(text).toContain('"vins"');
    const h = host({ saved: text, loadProblem: 'damaged' });
    start(h);
    frame(0, 0);
    expect(notice()).toMatch(/^Saved settings were damaged/);
    expect(h.logs.filter((l) => l.includes('damaged'))).toHaveLength(1);
    const clean = host({ saved: text, loadProblem: null });
    start(clean);
    frame(0, 0);
    expect(notice()).toBe('');
  });

  it.each<[SaveProblem, RegExp]>([
    ['too-large', /^Saved settings could not be read \(file too large\): defaults used\.$/],
    ['unreadable', /^Saved settings could not be read \(no access\)/],
  ])('a save that could not be read (%s) is not taken as "no save" silently (D4, D8)', (problem, text) => {
    const h = host({ saved: null, loadProblem: problem });
    start(h);
    frame(0, 0);
    expect(notice()).toMatch(text);
  });
});
