// bench/results.md is written by more than one hand: `make bench` (bench/run.mjs)
// writes its sections from the figures it measured, bench/web.mjs writes the
// web section, and people add the runs no script repeats (a frame counted
// alone, a before/after pair). Writing the file whole dropped those last two
// (a commit once carried such a rewrite by mistake), so a run replaces only
// the sections it measures and keeps everything else where it stood.
//
// A section is a "## " heading and what follows it up to the next one; it is
// known by its heading up to the first " (" (the rest holds run details that
// change: a seed, a date). Inside a section the script writes, what follows
// KEEP is written by hand and stays below the new figures.

export const KEEP = '<!-- make bench writes the part of this section above this line; what follows is written by hand and kept -->';

const sectionKey = (heading) => heading.replace(/^## /, '').split(' (')[0].trim();

/** The preamble (before the first section) and the sections, in order, each with its key. */
function split(md) {
  const parts = md.split(/^(?=## )/m);
  const preamble = parts[0].startsWith('## ') ? '' : parts.shift();
  return { preamble, sections: parts.map((text) => ({ key: sectionKey(text.slice(0, text.indexOf('\n') >>> 0)), text })) };
}

const withBreak = (text) => text.replace(/\n*$/, '\n\n');

/**
 * `fresh` (what the run wrote) merged into `old` (the file as it stands):
 * fresh's preamble and sections, each followed by its old section's hand-written
 * tail; every old section fresh does not write stays, after the fresh section
 * it followed before (those before any fresh one come first).
 */
export function mergeResults(old, fresh) {
  const o = split(old);
  const f = split(fresh);
  const freshKeys = new Set(f.sections.map((s) => s.key));
  // The old sections fresh does not write, grouped under the last fresh key seen before them ('' = none yet).
  const after = new Map();
  let last = '';
  for (const s of o.sections) {
    if (freshKeys.has(s.key)) last = s.key;
    else after.set(last, [...(after.get(last) ?? []), s.text]);
  }
  const oldByKey = new Map(o.sections.map((s) => [s.key, s.text]));
  let out = withBreak(f.preamble) + (after.get('') ?? []).map(withBreak).join('');
  for (const s of f.sections) {
    let text = s.text;
    const prev = oldByKey.get(s.key);
    const at = prev ? prev.indexOf(KEEP) : -1;
    if (at >= 0) text = `${withBreak(text)}${KEEP}\n${prev.slice(at + KEEP.length).replace(/^\n*/, '\n')}`;
    out += withBreak(text) + (after.get(s.key) ?? []).map(withBreak).join('');
  }
  return out.replace(/\n+$/, '\n');
}
