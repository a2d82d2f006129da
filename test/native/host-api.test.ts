// The global `host` is written once (tools/contract/contract.json) and bound
// twice: by the C hosts from the generated JSCFunctionListEntry table
// (native/core/host_api.c) and by the test host from HOST_FUNCTIONS
// (test/support/quickjs-host.ts). One probe script asks both the same
// questions, wrong arguments included, and must get the same answers.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES, HOST_FUNCTIONS } from '../../src/contract';
import { BundleVM } from '../support/quickjs-host';
import { buildNative, runHeadless, tempDir, BUILD_TIMEOUT_MS } from './headless';

const PROBE = `
var out = [];
function probe(name, f) {
  try { out.push(name + ' = ' + JSON.stringify(f())); }
  catch (e) { out.push(name + ' threw ' + e.name + ': ' + e.message); }
}
var names = ${JSON.stringify(HOST_FUNCTIONS.map((f) => f.name))};
probe('members', function () { return Object.getOwnPropertyNames(host).sort(); });
probe('functions', function () { return names.map(function (n) { return typeof host[n]; }); });
probe('seed', function () { return host.seed; });
probe('caps', function () { return host.caps; });
probe('load before', function () { return host.load(); });
probe('problem before', function () { return host.problem(); });
probe('save(42)', function () { return host.save(42); });
probe('save()', function () { return host.save(); });
probe('save(null)', function () { return host.save(null); });
probe('log({})', function () { return host.log({}); });
probe('log()', function () { return host.log(); });
probe('save(text)', function () { return host.save('{"probe":1}'); });
probe('load after', function () { return host.load(); });
probe('problem after', function () { return host.problem(); });
probe('load(extra)', function () { return host.load('ignored'); });
for (var i = 0; i < out.length; i++) host.log(out[i]);
globalThis.ratscrew = { commands: new Int32Array(8), frame: function () { return 0; } };
`;

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
    expect(native).toContain('members = ["caps","keepDamaged","load","log","problem","save","seed"]');
    expect(native).toContain('save(42) threw TypeError: host.save: text must be a string');
    expect(native).toContain('log() threw TypeError: host.log: text must be a string');
    expect(native).toContain('load after = "{\\"probe\\":1}"');
    expect(native).toContain('seed = 7');
  });
});
