// `make play-web`: serves build/web/ on 127.0.0.1 and prints the address.
// A plain static server (any other works as well, docs/web.md); the browser
// tests start it too (test/web/). Usage: node web/serve.mjs [--port N] [DIR]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.s16': 'application/octet-stream',
};

/** A request handler that serves the files under dir (the game server, server/main.ts, serves the page with it too). */
export function staticFiles(dir) {
  const root = path.resolve(dir);
  return (req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = path.join(root, rel);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
      // The service worker decides what is kept; the server never lets a stale sw.js linger.
      'cache-control': 'no-cache',
      // Cross-origin isolation: everything is same-origin anyway, and an
      // isolated page's clock is fine enough (5 µs, not 100 µs) for the
      // frame times of bench/web.mjs.
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}

/** Starts a server for dir on 127.0.0.1 (port 0: any free one); resolves to it and its address. */
export function serve(dir, port = 0) {
  const server = createServer(staticFiles(dir));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      resolve({ server, url: `http://127.0.0.1:${p}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args.splice(at, 2)[1]) : 8080;
  const dir = args[0] ?? fileURLToPath(new URL('../build/web', import.meta.url));
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`play-web: ${dir} has no index.html: run "make web" first`);
    process.exit(1);
  }
  serve(dir, port)
    .then(({ url }) => console.log(`Egyptian Ratscrew is at ${url}  (open it in a browser; Ctrl+C stops the server)`))
    .catch((e) => {
      console.error(`play-web: cannot listen on 127.0.0.1:${port}: ${e.message} (choose another with PORT=N)`);
      process.exit(1);
    });
}
