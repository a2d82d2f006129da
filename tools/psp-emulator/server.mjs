// The page's web server: 127.0.0.1 on a free port, serving the harness page,
// EmulatorJS's front end, the PPSSPP core and the EBOOT. The core runs
// threads, which need SharedArrayBuffer, which Chromium gives only to a
// cross-origin isolated page: every answer carries the COOP/COEP pair.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves `page` at / and each mount (URL prefix ending in "/" -> folder, or
 * exact URL -> file). Returns { server, origin }.
 */
export async function serve(page, mounts) {
  const server = http.createServer((req, res) => {
    let url;
    try {
      url = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400, ISOLATED).end();
      return;
    }
    if (url === '/') {
      res.writeHead(200, { ...ISOLATED, 'Content-Type': TYPES['.html'] }).end(page);
      return;
    }
    const file = resolve(url, mounts);
    let size = -1;
    try {
      if (file) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      size = -1;
    }
    if (size < 0) {
      res.writeHead(404, ISOLATED).end();
      return;
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    res.writeHead(200, { ...ISOLATED, 'Content-Type': type, 'Content-Length': size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/** The file a URL names, never outside its mount. */
function resolve(url, mounts) {
  for (const [prefix, target] of mounts) {
    if (!prefix.endsWith('/')) {
      if (url === prefix) return target;
      continue;
    }
    if (!url.startsWith(prefix)) continue;
    const full = path.resolve(target, url.slice(prefix.length));
    return full.startsWith(target + path.sep) ? full : null;
  }
  return null;
}
