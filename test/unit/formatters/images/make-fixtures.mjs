// Writes the image fixtures of test/unit/formatters/image*.test.ts into this folder. Output is
// deterministic: run `node test/unit/formatters/images/make-fixtures.mjs` and git shows no change.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import omggif from 'omggif';
import { PNG } from 'pngjs';

const here = dirname(fileURLToPath(import.meta.url));

/** A PNG from rows of [r, g, b, a] pixels. */
function png(rows) {
  const image = new PNG({ width: rows[0].length, height: rows.length });
  rows.flat().forEach((pixel, i) => image.data.set(pixel, i * 4));
  return PNG.sync.write(image);
}

function save(name, bytes) {
  writeFileSync(join(here, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}

const CLEAR = [0, 0, 0, 0];

// 2×4, opaque: the half-block test knows every colour.
save(
  'tiny-2x4.png',
  png([
    [[255, 0, 0, 255], [0, 255, 0, 255]],
    [[0, 0, 255, 255], [255, 255, 255, 255]],
    [[10, 20, 30, 255], [40, 50, 60, 255]],
    [[70, 80, 90, 255], [0, 0, 0, 255]],
  ]),
);

// 2×4 with fully transparent pixels in every position of a cell.
save(
  'alpha-2x4.png',
  png([
    [CLEAR, [255, 0, 0, 255]],
    [CLEAR, CLEAR],
    [CLEAR, [0, 255, 0, 255]],
    [[0, 0, 255, 255], [0, 255, 0, 255]],
  ]),
);

// 300×20: wider than an 80-column terminal; red rises left to right, blue top to bottom.
save(
  'wide-300x20.png',
  png(Array.from({ length: 20 }, (_, y) => Array.from({ length: 300 }, (_, x) => [Math.round((x * 255) / 299), 128, Math.round((y * 255) / 19), 255]))),
);

// 48×48 of noise (a fixed linear congruential sequence): a PNG that does not compress, so its
// base64 runs to several kitty chunks.
let seed = 12345;
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
save('noise-48x48.png', png(Array.from({ length: 48 }, () => Array.from({ length: 48 }, () => [next(), next(), next(), 255]))));

// 16×8 JPEG: left half red, right half blue (lossy, so tests compare loosely).
const photo = new Uint8Array(16 * 8 * 4);
for (let i = 0; i < 16 * 8; i++) photo.set((i % 16) < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
save('photo-16x8.jpg', jpeg.encode({ width: 16, height: 8, data: photo }, 90).data);

// 4×2 GIF of two frames; palette 0 red, 1 green, 2 blue, 3 white, and index 3 transparent in the
// first frame. Only the first frame is drawn.
const gifBuffer = new Uint8Array(1024);
const gif = new omggif.GifWriter(gifBuffer, 4, 2, { palette: [0xff0000, 0x00ff00, 0x0000ff, 0xffffff], loop: 0 });
gif.addFrame(0, 0, 4, 2, [0, 1, 2, 3, 2, 1, 0, 3], { transparent: 3, delay: 50 });
gif.addFrame(0, 0, 4, 2, [3, 3, 3, 3, 3, 3, 3, 3], { delay: 50 });
save('two-frames-4x2.gif', gifBuffer.subarray(0, gif.end()));
