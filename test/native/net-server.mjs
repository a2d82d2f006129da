// The server side of native/tests/net_link_checks.c: an HTTP server on
// 127.0.0.1 (port 0: the system picks a free one) whose paths each behave
// one way, honest or not. Its WebSocket frames are written by hand here, on
// purpose: a WebSocket library would refuse to send the bad ones. Prints
// "net-server PORT CLOSED_PORT" (CLOSED_PORT: a port just freed, where
// nothing listens) and runs until killed.
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** One unmasked server frame. */
function frame(opcode, payload, { fin = true, mask = false, rsv = 0 } = {}) {
  const body = Buffer.from(payload);
  const len = body.length;
  const head = len < 126 ? Buffer.alloc(2) : len < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = (fin ? 0x80 : 0) | (rsv << 4) | opcode;
  if (len < 126) head[1] = len;
  else if (len < 65536) {
    head[1] = 126;
    head.writeUInt16BE(len, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  if (!mask) return Buffer.concat([head, body]);
  head[1] |= 0x80;
  const key = Buffer.from([1, 2, 3, 4]);
  return Buffer.concat([head, key, Buffer.from(body.map((b, i) => b ^ key[i % 4]))]);
}

/** The client's frames: [{ opcode, payload }] from the bytes so far (masked, as a client's must be). */
function readFrames(state, chunk) {
  state.buf = Buffer.concat([state.buf, chunk]);
  const out = [];
  for (;;) {
    const b = state.buf;
    if (b.length < 2) break;
    let len = b[1] & 0x7f;
    let at = 2;
    if (len === 126) {
      if (b.length < 4) break;
      len = b.readUInt16BE(2);
      at = 4;
    } else if (len === 127) {
      if (b.length < 10) break;
      len = Number(b.readBigUInt64BE(2));
      at = 10;
    }
    const masked = (b[1] & 0x80) !== 0;
    const need = at + (masked ? 4 : 0) + len;
    if (b.length < need) break;
    const key = masked ? b.subarray(at, at + 4) : Buffer.alloc(4);
    const payload = Buffer.from(b.subarray(at + (masked ? 4 : 0), need).map((x, i) => x ^ key[i % 4]));
    out.push({ opcode: b[0] & 0x0f, masked, payload });
    state.buf = b.subarray(need);
  }
  return out;
}

function accept(req, socket, key = req.headers['sec-websocket-key']) {
  const answer = createHash('sha1').update(key + GUID).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${answer}\r\n\r\n`);
}

const server = http.createServer((req, res) => {
  const body = [];
  req.on('data', (d) => body.push(d));
  req.on('end', () => {
    if (req.url === '/echo' && req.method === 'POST' && req.headers['content-type'] === 'application/json') {
      const text = Buffer.concat(body);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': text.length });
      res.end(text);
    } else if (req.url === '/chunked') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('["abc",');
      setTimeout(() => res.end('"defgh"]'), 20);
    } else {
      res.writeHead(404);
      res.end('no such check');
    }
  });
});

server.on('upgrade', (req, socket) => {
  socket.on('error', () => {});
  const state = { buf: Buffer.alloc(0) };
  const path = req.url;
  if (path === '/missing') {
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  if (path === '/garbage') {
    socket.end('hello, this is not HTTP\r\n');
    return;
  }
  if (path === '/stall') return; // never answers
  if (path === '/badaccept') {
    accept(req, socket, 'not the key');
    return;
  }
  accept(req, socket);
  if (path === '/masked') socket.write(frame(2, [1, 2, 3], { mask: true }));
  else if (path === '/big') socket.write(frame(2, Buffer.alloc(9000, 7)));
  else if (path === '/opcode') socket.write(frame(3, [1]));
  else if (path === '/badlength') socket.write(Buffer.from([0x82, 127, 0, 0, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5]));
  else if (path === '/door') socket.write(frame(8, Buffer.concat([Buffer.from([4003 >> 8, 4003 & 255]), Buffer.from('shown the door')])));
  else if (path === '/drop') setTimeout(() => socket.destroy(), 20);
  else if (path === '/echo') {
    let step = 0;
    socket.on('data', (chunk) => {
      for (const f of readFrames(state, chunk)) {
        if (!f.masked) socket.destroy();
        else if (step === 0 && f.opcode === 2) {
          socket.write(frame(2, f.payload));
          socket.write(frame(9, 'p1'));
          step = 1;
        } else if (step === 1 && f.opcode === 10 && String(f.payload) === 'p1') {
          socket.write(frame(1, 'pong:p1'));
          const big = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) & 255));
          socket.write(frame(2, big.subarray(0, 1000), { fin: false }));
          socket.write(frame(0, big.subarray(1000, 3000), { fin: false }));
          socket.write(frame(9, 'p2'));
          socket.write(frame(0, big.subarray(3000), { fin: true }));
          step = 2;
        } else if (step === 2 && f.opcode === 10 && String(f.payload) === 'p2') {
          socket.write(frame(1, 'pong:p2'));
          step = 3;
        } else if (f.opcode === 8) socket.end(frame(8, f.payload.subarray(0, 2)));
      }
    });
  }
  // /silent: upgraded, then nothing.
});

server.listen(0, '127.0.0.1', () => {
  const closed = net.createServer();
  closed.listen(0, '127.0.0.1', () => {
    const closedPort = closed.address().port;
    closed.close(() => process.stdout.write(`net-server ${server.address().port} ${closedPort}\n`));
  });
});
