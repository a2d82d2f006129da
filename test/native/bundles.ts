// Small stand-in bundles that exercise one behaviour of the host each.
// They follow docs/host-api.md: define `ratscrew` with `commands` and `frame`.

/** Declares ratscrew with the given frame body (commands is `c`). */
function entry(frameBody: string, prelude = ''): string {
  return `${prelude}
var c = new Int32Array(2048 * 8);
globalThis.ratscrew = { commands: c, frame: function (now, buttons) { ${frameBody} } };
`;
}

/** Draws every input it sees (seed, time, buttons, saved text) into commands,
 * sprites with flips and tints, and saves once: the cross-check's probe. */
export const PROBE = entry(
  `
  var n = 0;
  function put(op, a, b, cc, d, e, f, g) {
    var o = n * 8; c[o] = op; c[o+1] = a; c[o+2] = b; c[o+3] = cc; c[o+4] = d; c[o+5] = e; c[o+6] = f; c[o+7] = g; n++;
  }
  put(1, 0xff203040 | 0, 0, 0, 0, 0, 0, 0);
  put(3, now % 480, 10, 50, 20, 0, 0, (0x80000000 | buttons) | 0);
  put(2, 100, 50, (now & 1) ? -64 : 64, 96, 16 | (32 << 16), 32 | (48 << 16), 0xffffffff | 0);
  put(2, -10, 200, 40, -40, 0, 16 | (16 << 16), 0x8000ffff | 0);
  put(4, buttons & 7, 200, -50, 0, 0, 0, 0);
  state = (Math.imul(state, 1103515245) + 12345) | 0;
  put(3, state & 255, (state >>> 8) & 127, 8, 8, 0, 0, host.seed | 0);
  var text = host.load();
  put(5, text === null ? -1 : text.length, 128, 0, 0, 0, 0, 0);
  if (now >= 500 && !saved) { saved = true; host.save('{"probe":' + now + '}'); }
  return n;
`,
  'var state = host.seed | 0; var saved = false;',
);

export const THROW_AT_LOAD = `
function explode() { throw new Error('broken at load'); }
explode();
`;

export const THROW_IN_FRAME = entry(`
  if (now > 100) deep(3);
  c[0] = 1; return 1;
`, 'function deep(k) { if (k === 0) { throw new TypeError("broken in frame"); } return deep(k - 1); }');

export const LOOP_FOREVER = entry(`
  if (now > 50) { for (;;) {} }
  c[0] = 1; return 1;
`);

export const ALLOCATE_FOREVER = entry(`
  var keep = [];
  for (;;) keep.push({ a: keep.length, b: 'x' + keep.length });
`);

/** Keeps one more megabyte alive each frame until the memory limit stops it. */
export const GROW_PER_FRAME = entry(`
  hoard.push(new Uint8Array(1024 * 1024));
  c[0] = 1; return 1;
`, 'var hoard = [];');

export const RECURSE_FOREVER = entry(`
  function r(k) { return r(k + 1) + 1; }
  return r(0);
`);

export const BAD_COUNT = entry('return 5000;');

export const NO_COUNT = entry('c[0] = 1;');

export const NO_ENTRY = 'var nothing = 1;';
