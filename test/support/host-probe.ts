// One script that asks the global `host` every question the contract
// answers (tools/contract/contract.json), wrong arguments included, and logs
// each answer through host.log. Every host must log the same lines:
// test/native/host-api.test.ts runs it in the C host and the test host,
// test/web/host-api.test.ts in the web page's two engines.
import { HOST_FUNCTIONS } from '../../src/contract';

export const PROBE = `
// globalThis.host: the page's own engine hands the script a globalThis of its own.
var h = globalThis.host;
var out = [];
function probe(name, f) {
  try { out.push(name + ' = ' + JSON.stringify(f())); }
  catch (e) { out.push(name + ' threw ' + e.name + ': ' + e.message); }
}
var names = ${JSON.stringify(HOST_FUNCTIONS.map((f) => f.name))};
probe('members', function () { return Object.getOwnPropertyNames(h).sort(); });
probe('functions', function () { return names.map(function (n) { return typeof h[n]; }); });
probe('seed', function () { return h.seed; });
probe('caps', function () { return h.caps; });
probe('load before', function () { return h.load(); });
probe('problem before', function () { return h.problem(); });
probe('save(42)', function () { return h.save(42); });
probe('save()', function () { return h.save(); });
probe('save(null)', function () { return h.save(null); });
probe('log({})', function () { return h.log({}); });
probe('log()', function () { return h.log(); });
probe('save(text)', function () { return h.save('{"probe":1}'); });
probe('load after', function () { return h.load(); });
probe('problem after', function () { return h.problem(); });
probe('load(extra)', function () { return h.load('ignored'); });
probe('chosen(ru, 2)', function () { return h.chosen('ru', 2); });
probe('chosen(2, ru)', function () { return h.chosen(2, 'ru'); });
probe('chosen(ru)', function () { return h.chosen('ru'); });
probe('chosen(ru, 3)', function () { return h.chosen('ru', 3); });
probe('chosen(ru, 1.5)', function () { return h.chosen('ru', 1.5); });
probe('chosen(ru, "2")', function () { return h.chosen('ru', '2'); });
// No test host holds ad hoc: each nearby function answers "not here", the peer checked first.
probe('nearbyOpen(code)', function () { return h.nearbyOpen('ABCDEFG'); });
probe('nearbyReceive()', function () { return h.nearbyReceive(); });
probe('nearbySend(1, line)', function () { return h.nearbySend(1, '["joined","ABCDEFG"]'); });
probe('nearbySend(8, line)', function () { return h.nearbySend(8, '["joined","ABCDEFG"]'); });
probe('nearbySend(1)', function () { return h.nearbySend(1); });
probe('nearbyPing(1)', function () { return h.nearbyPing(1); });
probe('nearbyPing(0)', function () { return h.nearbyPing(0); });
probe('nearbyClose()', function () { return h.nearbyClose(); });
for (var i = 0; i < out.length; i++) h.log(out[i]);
globalThis.ratscrew = { commands: new Int32Array(8), frame: function () { return 0; } };
`;
