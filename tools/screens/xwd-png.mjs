// An X window dump (xwd's output: ZPixmap, 24 or 32 bits a pixel) as a PNG.
//   node tools/screens/xwd-png.mjs IN.xwd OUT.png
import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const [input, output] = process.argv.slice(2);
const b = readFileSync(input);
const u32 = (i) => b.readUInt32BE(i * 4);
const headerSize = u32(0);
const [format, depth, width, height] = [u32(2), u32(3), u32(4), u32(5)];
const byteOrder = u32(7);
const bitsPerPixel = u32(11);
const bytesPerLine = u32(12);
const ncolors = u32(19);
if (format !== 2 || (bitsPerPixel !== 32 && bitsPerPixel !== 24)) throw new Error(`${input}: ZPixmap of 24/32 bits wanted (format ${format}, depth ${depth}, ${bitsPerPixel} bpp)`);
const data = headerSize + ncolors * 12;
const png = new PNG({ width, height });
const step = bitsPerPixel / 8;
for (let y = 0; y < height; y++) {
  for (let x = 0; x < width; x++) {
    const o = data + y * bytesPerLine + x * step;
    // LSBFirst (0): B, G, R in memory.
    const [r, g, bl] = byteOrder === 0 ? [b[o + 2], b[o + 1], b[o]] : [b[o + step - 3], b[o + step - 2], b[o + step - 1]];
    const p = (y * width + x) * 4;
    png.data[p] = r;
    png.data[p + 1] = g;
    png.data[p + 2] = bl;
    png.data[p + 3] = 255;
  }
}
writeFileSync(output, PNG.sync.write(png));
