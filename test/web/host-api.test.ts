// The web page's host (web/src/host.ts) answers the contract's questions as
// every other host does: the probe script of test/support/host-probe.ts, run
// in the page's own engine and in its QuickJS engine, logs exactly what it
// logs in the test host (which test/native/host-api.test.ts holds against
// the C hosts), refusing wrong arguments with the same TypeError. In Node:
// the engines need no browser.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES } from '../../src/contract';
import { PageEngine } from '../../web/src/engine/page';
import { QuickJsEngine } from '../../web/src/engine/quickjs';
import { LOG, pageHost } from '../../web/src/host';
import { LocalSave, type KeyValueStore } from '../../web/src/save';
import { PROBE } from '../support/host-probe';
import { BundleVM } from '../support/quickjs-host';
import { NO_NETWORK } from '../../web/src/net';

function memory(): KeyValueStore {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

/** The lines the probe logs through a fresh page host in that engine. */
async function probeWeb(create: (source: string, host: ReturnType<typeof pageHost>) => Promise<{ dispose(): void }> | { dispose(): void }): Promise<string[]> {
  LOG.length = 0;
  const host = pageHost(new LocalSave(memory()), DEFAULT_CAPABILITIES, 7, () => {}, NO_NETWORK);
  const engine = await create(PROBE, host);
  engine.dispose();
  return LOG.slice();
}

describe('the web page\'s host, by the contract', () => {
  it('answers the probe in both engines as the test host does', async () => {
    const vm = await BundleVM.create({ seed: 7, source: PROBE });
    const expected = vm.logs.slice();
    vm.dispose();
    expect(expected).toContain('save(42) threw TypeError: host.save: text must be a string');

    expect(await probeWeb((source, host) => PageEngine.create(source, host))).toEqual(expected);
    expect(await probeWeb((source, host) => QuickJsEngine.create(source, host))).toEqual(expected);
  });
});
