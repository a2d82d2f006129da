#!/usr/bin/env node
// Writes a zip archive (deflate) without needing a zip program, which the
// pspdev container does not have.
//
//   node tools/native/zip.mjs OUT.zip PATH/IN/ZIP=SOURCE_FILE [...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time fields of a Date. */
function dosTime(d) {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

function header(signature, fields) {
  const buf = Buffer.alloc(fields.reduce((n, [size]) => n + size, 4));
  buf.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [size, value] of fields) {
    if (size === 2) buf.writeUInt16LE(value, at);
    else buf.writeUInt32LE(value >>> 0, at);
    at += size;
  }
  return buf;
}

function entry(name, data, offset, when) {
  const deflated = zlib.deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  const { time, date } = dosTime(when);
  const nameBuf = Buffer.from(name, 'utf8');
  const common = [[2, 20], [2, 0], [2, 8], [2, time], [2, date], [4, crc], [4, deflated.length], [4, data.length], [2, nameBuf.length], [2, 0]];
  const local = Buffer.concat([header(0x04034b50, common), nameBuf, deflated]);
  const central = Buffer.concat([
    header(0x02014b50, [[2, 20], ...common, [2, 0], [2, 0], [2, 0], [4, 0], [4, offset]]),
    nameBuf,
  ]);
  return { local, central };
}

function main() {
  const [out, ...specs] = process.argv.slice(2);
  if (!out || specs.length === 0 || specs.some((s) => !s.includes('='))) {
    console.error('usage: zip.mjs OUT.zip PATH/IN/ZIP=SOURCE_FILE [...]');
    process.exit(64);
  }
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const spec of specs) {
    const [name, source] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
    const e = entry(name, fs.readFileSync(source), offset, fs.statSync(source).mtime);
    locals.push(e.local);
    centrals.push(e.central);
    offset += e.local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header(0x06054b50, [[2, 0], [2, 0], [2, specs.length], [2, specs.length], [4, directory.length], [4, offset], [2, 0]]);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, Buffer.concat([...locals, directory, end]));
  console.error(`zip: wrote ${out}`);
}

main();
