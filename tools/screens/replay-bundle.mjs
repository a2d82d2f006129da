// A bundle that plays an input script on a real host: the game's bundle
// (dist/ratscrew.js) with its `ratscrew.frame` wrapped so that frame i gets
// the script's buttons and the headless hosts' time for i, whatever the
// host's own clock and buttons say. At each shot it shows the frame for two
// seconds and says `shot N` through host.log (the desktop prints it on
// stderr, the web page on its console), for a screenshot of what the
// host itself drew; far from a shot it runs 20 frames a host frame.
//   node tools/screens/replay-bundle.mjs SCRIPT.json OUT.js
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [scriptFile, out] = process.argv.slice(2);
const bundle = readFileSync(fileURLToPath(new URL('../../dist/ratscrew.js', import.meta.url)), 'utf8');
const script = JSON.parse(readFileSync(scriptFile, 'utf8'));

const wrapper = `
;(function () {
  var real = globalThis.ratscrew;
  var S = ${JSON.stringify({ frames: script.frames, inputs: script.inputs, shots: [...script.shots].sort((a, b) => a - b) })};
  var HOLD = 120, FAST = 20, NEAR = 30;
  var i = 0, k = 0, next = 0, mask = 0, hold = 0, n = 0;
  function step() {
    while (k < S.inputs.length && S.inputs[k][0] <= i) mask = S.inputs[k++][1];
    n = real.frame(Math.floor((i * 1000) / 60), mask);
    i++;
  }
  globalThis.ratscrew = {
    commands: real.commands,
    frame: function () {
      if (hold > 0) { hold--; return n; }
      if (i >= S.frames) return n;
      var target = next < S.shots.length ? S.shots[next] : S.frames;
      var steps = target - i > NEAR ? FAST : 1;
      for (var j = 0; j < steps && i < S.frames && i <= target; j++) step();
      if (next < S.shots.length && i - 1 === S.shots[next]) {
        hold = HOLD;
        globalThis.host.log('shot ' + (i - 1));
        next++;
      }
      return n;
    },
  };
})();
`;
writeFileSync(out, bundle + wrapper);
