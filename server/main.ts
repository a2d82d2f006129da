// One server process: the rooms and the web page on one address, for a game
// night (`make serve`), or one of several sharing their rooms through a
// Redis (`make serve SERVERS=N`, server/cluster.ts):
//   node --import tsx server/main.ts [--port N] [--host H] [--trust-proxy]
//        [--redis redis://host:port] [--public-address host:port[/path]] [--no-page]
// Ctrl+C (or SIGTERM) tells every room of this process it is closing before
// it stops; the rooms of the other processes play on.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './server';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1]! : fallback;
}
const port = Number(arg('--port', process.env.PORT ?? '8080'));
const host = arg('--host', '127.0.0.1');
const redis = arg('--redis', '') || undefined;
const publicAddress = arg('--public-address', '') || undefined;
// Rooms only: a process behind a proxy that serves the page elsewhere, or the tests.
const withPage = !args.includes('--no-page');
const webDir = fileURLToPath(new URL('../build/web', import.meta.url));
if (withPage && !existsSync(`${webDir}/index.html`)) {
  console.error(`serve: ${webDir} has no index.html: run "make web" first (make serve does)`);
  process.exit(1);
}
startServer({ port, host, webDir: withPage ? webDir : undefined, trustProxy: args.includes('--trust-proxy'), redis, publicAddress })
  .then((server) => {
    const shared = redis ? `, sharing rooms through ${redis} as process ${server.processId}` : '';
    console.log(`Egyptian Ratscrew rooms${withPage ? ' and page' : ''} at ${server.url}${shared}  (players open it and choose Online; Ctrl+C stops)`);
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      console.log('serve: telling every room the server is stopping');
      server.stop().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((e: Error) => {
    console.error(`serve: cannot start on ${host}:${port}: ${e.message}${redis ? '' : ' (choose another port with PORT=N)'}`);
    process.exit(1);
  });
