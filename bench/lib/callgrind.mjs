// Reading callgrind's per-dump output files (one file per client-request
// dump, written with --compress-strings=no --dump-instr=no --dump-line=no).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every dump in dir whose file starts with prefix: { label, total, self: Map(fn -> Ir) }. */
export function readDumps(dir, prefix, { functions = true } = {}) {
  const files = readdirSync(dir).filter((f) => f.startsWith(prefix));
  const dumps = [];
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    const label = /^desc: Trigger: Client Request: (\S+)/m.exec(text);
    const summary = /^summary: (\d+)/m.exec(text) ?? /^totals: (\d+)/m.exec(text);
    if (!label || !summary) continue;
    const index = Number(/\.(\d+)$/.exec(f)?.[1] ?? 0);
    const dump = { label: label[1], total: Number(summary[1]), self: null, index };
    if (functions) dump.self = selfCosts(text);
    dumps.push(dump);
  }
  return dumps.sort((a, b) => a.index - b.index);
}

/** Self instruction counts per function (object:function) of one dump. */
export function selfCosts(text) {
  const self = new Map();
  let fn = '?';
  let ob = '';
  let afterCall = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) {
      fn = line.slice(3);
      afterCall = false;
    } else if (line.startsWith('ob=')) ob = line.slice(3);
    else if (line.startsWith('calls=')) afterCall = true;
    else if (/^[+-]?\d+ \d+$/.test(line) || /^\* \d+$/.test(line)) {
      if (afterCall) {
        afterCall = false;
        continue;
      }
      const n = Number(line.split(' ')[1]);
      const key = fn;
      self.set(key, (self.get(key) ?? 0) + n);
    }
  }
  void ob;
  return self;
}

/** Sums self-cost maps. */
export function addSelf(into, from) {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
  return into;
}

/** The n functions with the most self instructions: [{ fn, ir, share }]. */
export function top(self, n) {
  let total = 0;
  for (const v of self.values()) total += v;
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, ir]) => ({ fn, ir, share: total ? ir / total : 0 }));
}
