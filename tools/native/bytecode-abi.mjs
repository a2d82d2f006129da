#!/usr/bin/env node
// Stops the build when bytecode written by one QuickJS would be misread by
// another: compares the `.qjs_bytecode_abi` section (native/quickjs/patches/
// 0005-bytecode-abi.patch: the bytecode format version, the predefined atoms
// and the opcodes, as that object's configuration defines them) of two
// compiled quickjs.o files.
//
//   node tools/native/bytecode-abi.mjs WRITER.o READER.o [LABEL]
//
// WRITER is the QuickJS of the build tool that wrote the bytecode
// (native/tools/compile_bytecode.c), READER the one the host links. Both are
// ELF relocatable objects of any word size and byte order (x86-64, MIPS).
// Exit 0 when the sections are equal, 1 with the first difference otherwise.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SECTION = '.qjs_bytecode_abi';

/** The bytes of the named section of an ELF object, or null when it has none. */
export function elfSection(bytes, name) {
  if (bytes.length < 52 || bytes.readUInt32BE(0) !== 0x7f454c46) throw new Error('not an ELF file');
  const is64 = bytes[4] === 2;
  const le = bytes[5] === 1;
  const u16 = (o) => (le ? bytes.readUInt16LE(o) : bytes.readUInt16BE(o));
  const u32 = (o) => (le ? bytes.readUInt32LE(o) : bytes.readUInt32BE(o));
  const word = (o) => (is64 ? Number(le ? bytes.readBigUInt64LE(o) : bytes.readBigUInt64BE(o)) : u32(o));
  const shoff = word(is64 ? 0x28 : 0x20);
  const shentsize = u16(is64 ? 0x3a : 0x2e);
  const shnum = u16(is64 ? 0x3c : 0x30);
  const shstrndx = u16(is64 ? 0x3e : 0x32);
  const header = (i) => {
    const at = shoff + i * shentsize;
    return {
      name: u32(at),
      offset: word(at + (is64 ? 0x18 : 0x10)),
      size: word(at + (is64 ? 0x20 : 0x14)),
    };
  };
  const strings = header(shstrndx);
  for (let i = 0; i < shnum; i++) {
    const h = header(i);
    const start = strings.offset + h.name;
    const end = bytes.indexOf(0, start);
    if (bytes.toString('latin1', start, end) === name) return bytes.subarray(h.offset, h.offset + h.size);
  }
  return null;
}

/** The section's text (NUL-terminated in the object), or an error for a QuickJS without the patch. */
export function abiOf(file) {
  const section = elfSection(fs.readFileSync(file), SECTION);
  if (!section) throw new Error(`${file} has no ${SECTION} section: a QuickJS built without native/quickjs/patches/0005-bytecode-abi.patch`);
  const nul = section.indexOf(0);
  return section.toString('latin1', 0, nul < 0 ? section.length : nul);
}

/** null when equal, else a sentence naming the first differing line. */
export function compareAbi(writer, reader) {
  if (writer === reader) return null;
  const a = writer.split('\n');
  const b = reader.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let part = 'header';
  for (let k = 0; k <= i && k < a.length; k++) if (a[k] === 'atoms' || a[k] === 'opcodes') part = a[k];
  return `they differ in the ${part} at line ${i + 1}: writer "${a[i] ?? '(end)'}", reader "${b[i] ?? '(end)'}"`
    + ` (${a.length} against ${b.length} lines)`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [writer, reader, label = 'the host'] = process.argv.slice(2);
  if (!writer || !reader) {
    console.error('usage: bytecode-abi.mjs WRITER.o READER.o [LABEL]');
    process.exit(64);
  }
  try {
    const diff = compareAbi(abiOf(writer), abiOf(reader));
    if (diff) {
      console.error(`bytecode-abi: the bytecode for ${label} would be misread: the QuickJS that writes it (${writer})`
        + ` and the one ${label} runs (${reader}) number atoms or opcodes differently: ${diff}.`
        + ' Build the writer with the target\'s configuration (native/Makefile, PSP_BC_CFLAGS).');
      process.exit(1);
    }
  } catch (e) {
    console.error(`bytecode-abi: ${e.message}`);
    process.exit(1);
  }
}
