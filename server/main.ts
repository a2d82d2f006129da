// `make serve`: the rooms and the web page on one address, for a game
// night: node server/main.ts [--port N] [--host H] [--trust-proxy].
// Ctrl+C (or SIGTERM) tells every room it is closing before it stops.
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
const webDir = fileURLToPath(new URL('../build/web', import.meta.url));
if (!existsSync(`${webDir}/index.html`)) {
  console.error(`serve: ${webDir} has no index.html: run "make web" first (make serve does)`);
  process.exit(1);
}
startServer({ port, host, webDir, trustProxy: args.includes('--trust-proxy') })
  .then((server) => {
    console.log(`Egyptian Ratscrew rooms and page at ${server.url}  (players open it and choose Online; Ctrl+C stops)`);
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
    console.error(`serve: cannot listen on ${host}:${port}: ${e.message} (choose another with PORT=N)`);
    process.exit(1);
  });
