// The global `host` is written once (tools/contract/contract.json) and bound
// twice: by the C hosts from the generated JSCFunctionListEntry table
// (native/core/host_api.c) and by the test host from HOST_FUNCTIONS
// (test/support/quickjs-host.ts). One probe script (test/support/host-probe.ts)
// asks both the same questions, wrong arguments included, and must get the
// same answers; test/web/host-api.test.ts asks the web page's two engines.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES } from '../../src/contract';
import { PROBE } from '../support/host-probe';
import { BundleVM } from '../support/quickjs-host';
import { buildNative, runHeadless, tempDir, BUILD_TIMEOUT_MS } from './headless';


describe('the host API, bound from the contract in C and in the test host', () => {
  beforeAll(() => buildNative('headless'), BUILD_TIMEOUT_MS);

  it('answers the same probe alike, refusing wrong arguments with the same TypeError', async () => {
    const file = path.join(tempDir('probe'), 'probe.js');
    writeFileSync(file, PROBE);
    const r = runHeadless(['--bundle', file, '--frames', '1', '--seed', '7', '--no-raster']);
    expect(r.status, r.stderr).toBe(0);
    const native = r.stderr.split('\n').filter((l) => l.startsWith('[script] ')).map((l) => l.slice('[script] '.length));

    const vm = await BundleVM.create({ seed: 7, source: PROBE });
    const test = vm.logs;
    vm.dispose();

    expect(native).toEqual(test);
    // and what they agree on is the contract
    expect(native).toContain(`caps = ${JSON.stringify(DEFAULT_CAPABILITIES)}`);
    expect(native).toContain('members = ["caps","chosen","keepDamaged","load","log","nearbyClose","nearbyOpen","nearbyPing","nearbyReceive","nearbySend","netClose","netOpen","netReceive","netSend","problem","save","seed","typed"]');
    expect(native).toContain('save(42) threw TypeError: host.save: text must be a string');
    expect(native).toContain('log() threw TypeError: host.log: text must be a string');
    expect(native).toContain('load after = "{\\"probe\\":1}"');
    expect(native).toContain('seed = 7');
    expect(native).toContain('chosen(ru, 2) = undefined');
    expect(native).toContain('chosen(2, ru) threw TypeError: host.chosen: language must be a string');
    expect(native).toContain('chosen(ru, 1.5) threw TypeError: host.chosen: people must be an integer from 1 to 2');
    // the nearby functions: "not here" on a host without ad hoc, a peer out of 1..7 refused
    expect(native).toContain('nearbyOpen(code) = false');
    expect(native).toContain('nearbyReceive() = null');
    expect(native).toContain('nearbySend(1, line) = false');
    expect(native).toContain('nearbySend(8, line) threw TypeError: host.nearbySend: peer must be an integer from 1 to 7');
    expect(native).toContain('nearbySend(1) threw TypeError: host.nearbySend: line must be a string');
    expect(native).toContain('nearbyPing(1) = false');
    expect(native).toContain('nearbyPing(0) threw TypeError: host.nearbyPing: peer must be an integer from 1 to 7');
    expect(native).toContain('nearbyClose() = undefined');
  });
});
