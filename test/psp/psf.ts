// A reader of PSF files (PARAM.SFO), independent of the C writer
// (native/psp/psp_sfo.c) and of PSPSDK's mksfoex: the header, the index
// entries and each value by its format (0x0204 text, 0x0404 int, 0x0004 raw).

export type PsfValue = string | number | Buffer;

export function readPsf(buf: Buffer): Map<string, PsfValue> {
  if (buf.length < 20 || buf.toString('latin1', 0, 4) !== '\0PSF') throw new Error('not a PSF file');
  if (buf.readUInt32LE(4) !== 0x0101) throw new Error(`PSF version ${buf.readUInt32LE(4).toString(16)}`);
  const keys = buf.readUInt32LE(8);
  const data = buf.readUInt32LE(12);
  const count = buf.readUInt32LE(16);
  const out = new Map<string, PsfValue>();
  for (let i = 0; i < count; i++) {
    const at = 20 + 16 * i;
    const keyAt = keys + buf.readUInt16LE(at);
    const key = buf.toString('utf8', keyAt, buf.indexOf(0, keyAt));
    const fmt = buf.readUInt16LE(at + 2);
    const len = buf.readUInt32LE(at + 4);
    const max = buf.readUInt32LE(at + 8);
    const valueAt = data + buf.readUInt32LE(at + 12);
    if (len > max || valueAt + max > buf.length) throw new Error(`PSF entry ${key} overruns its slot`);
    if (fmt === 0x0204) out.set(key, buf.toString('utf8', valueAt, valueAt + len).replace(/\0+$/, ''));
    else if (fmt === 0x0404) out.set(key, buf.readUInt32LE(valueAt));
    else if (fmt === 0x0004) out.set(key, buf.subarray(valueAt, valueAt + len));
    else throw new Error(`PSF entry ${key}: unknown format ${fmt.toString(16)}`);
  }
  return out;
}

/** The PARAM.SFO inside an EBOOT.PBP (the first of the PBP's eight parts). */
export function pbpParamSfo(pbp: Buffer): Buffer {
  if (pbp.toString('latin1', 0, 4) !== '\0PBP') throw new Error('not a PBP file');
  return pbp.subarray(pbp.readUInt32LE(8), pbp.readUInt32LE(12));
}
