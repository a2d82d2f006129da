// `make web`: the web host as a static folder, build/web/, that any static
// server can host (docs/web.md):
//   index.html, the page's script (vite), dist/ratscrew.js as it is, the
//   atlas PNG, the sound index and samples, the web app manifest and icons,
//   and sw.js, the service worker, with the list of every file and a version
//   that changes with their contents.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'build/web');
const at = (...p) => path.join(ROOT, ...p);

/** The card pictures in the atlas (src/assets/atlas.ts: 46x64, card n at column n % 11, row n / 11; 54 the back). */
function cardRect(n) {
  return [(n % 11) * 46, Math.floor(n / 11) * 64, 46, 64];
}

/** A square icon: the ace of spades over a card back on the table's felt, drawn at base size and scaled up by whole numbers. */
function icon(atlas, base, scale) {
  const img = new PNG({ width: base * scale, height: base * scale });
  const felt = [0x1c, 0x68, 0x3a, 255]; // src/view/colours.ts FELT, 0xAABBGGRR
  const px = new Uint8Array(base * base * 4);
  for (let i = 0; i < px.length; i += 4) px.set(felt, i);
  const put = (n, x0, y0) => {
    const [u, v, w, h] = cardRect(n);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const s = ((v + y) * atlas.width + u + x) * 4;
        const d = ((y0 + y) * base + x0 + x) * 4;
        const a = atlas.data[s + 3] / 255;
        for (let c = 0; c < 3; c++) px[d + c] = Math.round(atlas.data[s + c] * a + px[d + c] * (1 - a));
      }
  };
  const dx = Math.round((base - 46 - 18) / 2);
  const dy = Math.round((base - 64 - 8) / 2);
  put(54, dx, dy);
  put(3 * 13 + 12, dx + 18, dy + 8);
  for (let y = 0; y < base * scale; y++)
    for (let x = 0; x < base * scale; x++) {
      const s = (Math.floor(y / scale) * base + Math.floor(x / scale)) * 4;
      img.data.set(px.subarray(s, s + 4), (y * base * scale + x) * 4);
    }
  return PNG.sync.write(img);
}

function listFiles(dir, prefix = '') {
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix + name;
    return statSync(full).isDirectory() ? listFiles(full, `${rel}/`) : [rel];
  });
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  await build({
    configFile: false,
    root: at('web'),
    base: './',
    logLevel: 'warn',
    publicDir: at('web/public'),
    // The script's worker (src/engine/worker.ts) imports the QuickJS engine only when asked for it.
    worker: { format: 'es' },
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
      chunkSizeWarningLimit: 1024,
      manifest: true,
    },
  });

  copyFileSync(at('dist/ratscrew.js'), path.join(OUT, 'ratscrew.js'));
  copyFileSync(at('assets/build/atlas.png'), path.join(OUT, 'atlas.png'));
  const sounds = JSON.parse(readFileSync(at('assets/build/sounds.json'), 'utf8'));
  writeFileSync(path.join(OUT, 'sounds.json'), JSON.stringify(sounds.map(({ name, id, file, samples }) => ({ name, id, file, samples }))));
  mkdirSync(path.join(OUT, 'sounds'), { recursive: true });
  for (const s of sounds) copyFileSync(at('assets/build/sounds', s.file), path.join(OUT, 'sounds', s.file));

  const atlas = PNG.sync.read(readFileSync(at('assets/build/atlas.png')));
  mkdirSync(path.join(OUT, 'icons'), { recursive: true });
  writeFileSync(path.join(OUT, 'icons/icon-192.png'), icon(atlas, 96, 2));
  writeFileSync(path.join(OUT, 'icons/icon-512.png'), icon(atlas, 128, 4));

  // The service worker keeps every file of this build that the game uses
  // (not the QuickJS engine, kept for measurements: docs/web.md); its
  // version is their contents'.
  const manifestFile = path.join(OUT, '.vite/manifest.json');
  const chunks = JSON.parse(readFileSync(manifestFile, 'utf8'));
  rmSync(path.join(OUT, '.vite'), { recursive: true });
  // The script's worker starts from index.html, before the page's own
  // script has loaded: its thread and code are the longest step before the
  // first frame (bench/results.md); WorkerEngine.spawn takes it. The inline
  // script fetches the bundle's bytes at once and hands them to the worker
  // ('bundle'), which decodes and compiles them meanwhile: the page's own
  // script neither preloads nor reads the bundle.
  const page = chunks['index.html'].file;
  const workerFile = readFileSync(path.join(OUT, page), 'utf8').match(/["`](worker-[\w-]+\.js)["`]/)?.[1];
  if (!workerFile) throw new Error(`web/build.mjs: no worker-*.js named in ${page}`);
  const early =
    `<script>try { const w = new Worker('${path.posix.join(path.posix.dirname(page), workerFile)}', { type: 'module', name: 'ratscrew' }); ` +
    `fetch('ratscrew.js').then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(\`ratscrew.js: \${r.status} \${r.statusText}\`)))).then(` +
    `(b) => w.postMessage({ type: 'bundle', bytes: b, error: null }, [b]), (e) => w.postMessage({ type: 'bundle', bytes: null, error: String(e.message || e) })); ` +
    `self.ratscrewWorker = { worker: w, error: null }; ` +
    `w.onerror = (e) => { e.preventDefault(); self.ratscrewWorker && (self.ratscrewWorker.error = e.message || 'no reason given'); }; } catch {}</script>\n`;
  const indexFile = path.join(OUT, 'index.html');
  const preload = '<link rel="preload" href="ratscrew.js" as="fetch" crossorigin>\n';
  const html = readFileSync(indexFile, 'utf8');
  if (!html.includes(preload)) throw new Error('web/build.mjs: index.html no longer preloads ratscrew.js as expected');
  writeFileSync(indexFile, html.replace(preload, '').replace('<title>', `${early}<title>`));
  const used = new Set();
  const use = (key) => {
    const c = chunks[key];
    if (!c || key === 'src/engine/quickjs.ts' || used.has(c.file)) return;
    used.add(c.file);
    for (const a of [...(c.assets ?? []), ...(c.css ?? [])]) used.add(a);
    for (const i of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) use(i);
  };
  use('index.html');
  // The script's worker is an asset of the page, and its chunks are not in
  // the manifest: what it imports is kept too, but for the QuickJS engine's
  // chunk and what only that one brings.
  const scan = [...used];
  while (scan.length > 0) {
    const f = scan.pop();
    if (!f.endsWith('.js')) continue;
    for (const m of readFileSync(path.join(OUT, f), 'utf8').matchAll(/(?:from|import)\s*\(?\s*["`]\.\/([^"`]+)["`]/g)) {
      if (m[1].startsWith('quickjs-')) continue;
      const dep = path.posix.join(path.posix.dirname(f), m[1]);
      if (used.has(dep)) continue;
      used.add(dep);
      scan.push(dep);
    }
  }
  const files = listFiles(OUT).filter((f) => f !== 'sw.js');
  const optional = new Set(files.filter((f) => f.startsWith('assets/') && !used.has(f)));
  const kept = files.filter((f) => !optional.has(f));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(path.join(OUT, f)));
  const version = hash.digest('hex').slice(0, 12);
  const sw = readFileSync(at('web/sw.js'), 'utf8')
    .replace('__VERSION__', version)
    .replace("['__FILES__']", JSON.stringify(['./', ...kept.filter((f) => f !== 'index.html')], null, 1));
  writeFileSync(path.join(OUT, 'sw.js'), sw);

  const bytes = (list) => Math.round(list.reduce((n, f) => n + statSync(path.join(OUT, f)).size, 0) / 1024);
  console.log(`make web: ${path.relative(ROOT, OUT)}/ (${files.length + 1} files; the game ${bytes(kept)} KiB, kept offline by sw.js; version ${version})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
