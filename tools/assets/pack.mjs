// Placing images in the atlas, and the PSP's swizzled texture layout.

/**
 * Shelf packer: items (each { key, w, h }) sorted tallest first (ties by
 * width, then key, so the order never depends on insertion) fill rows left to
 * right inside the region { x, y, w, h }, with `pad` empty texels between
 * neighbours. Returns Map key -> [u, v, w, h]; throws if the region is full.
 */
export function packShelves(items, region, pad = 1) {
  const sorted = [...items].sort((a, b) => b.h - a.h || b.w - a.w || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const out = new Map();
  let x = region.x;
  let y = region.y;
  let shelfH = 0;
  for (const it of sorted) {
    if (it.w > region.w) throw new Error(`atlas: ${it.key} (${it.w}px) is wider than the region`);
    if (x + it.w > region.x + region.w) {
      x = region.x;
      y += shelfH + pad;
      shelfH = 0;
    }
    if (y + it.h > region.y + region.h) {
      throw new Error(`atlas: no room for ${it.key} (${it.w}x${it.h}) at y=${y}`);
    }
    out.set(it.key, [x, y, it.w, it.h]);
    x += it.w + pad;
    shelfH = Math.max(shelfH, it.h);
  }
  return out;
}

/**
 * The PSP GE's swizzled layout for sceGuTexMode(psm, 0, 0, 1): the texture,
 * seen as rows of `rowBytes` bytes, is cut into blocks 16 bytes wide and 8
 * rows tall; each block is stored as 128 contiguous bytes (its 8 rows of 16
 * bytes, top to bottom), and blocks follow each other left to right, then
 * block-row by block-row. For GU_PSM_8888 a block is 4 texels x 8 rows.
 */
export function swizzle(linear, rowBytes, rows) {
  if (rowBytes % 16 !== 0 || rows % 8 !== 0) throw new Error('swizzle: size must be a multiple of 16 bytes x 8 rows');
  const out = new Uint8Array(linear.length);
  const blocksPerRow = rowBytes / 16;
  let dst = 0;
  for (let by = 0; by < rows / 8; by++) {
    for (let bx = 0; bx < blocksPerRow; bx++) {
      for (let r = 0; r < 8; r++) {
        const src = (by * 8 + r) * rowBytes + bx * 16;
        out.set(linear.subarray(src, src + 16), dst);
        dst += 16;
      }
    }
  }
  return out;
}
