/**
 * One body to terminal output: checks it is a PNG, JPEG or GIF, picks the protocol from the
 * environment and draws with it. Shared by the `image` format and by `auto` on a terminal.
 */
import { fitColumns, itermImage, kittyImage } from './graphics.js';
import { chooseProtocol, type Env } from './protocol.js';
import { describeBody, imageFormatOf, imageSize, type ImageFormat } from './sniff.js';

export { imageFormatOf };

/** The escape sequences or half-block text that draw `value`; throws when it is not an image. */
export async function drawImage(value: unknown, start: { tty: boolean; width: number }, env: Env): Promise<string> {
  const format = value instanceof Uint8Array ? imageFormatOf(value) : undefined;
  if (!format) throw new Error(`-o image needs a PNG, JPEG or GIF body; this one is ${describeBody(value)}`);
  const bytes = value as Uint8Array;
  switch (chooseProtocol(env, start.tty)) {
    case 'iterm2':
      // iTerm2 decodes every format itself: the file goes as it came.
      return itermImage(bytes, fitColumns(imageSize(bytes, format)?.width, start.width));
    case 'kitty':
      return drawKitty(bytes, format, start.width);
    case 'halfblock': {
      const [{ decodeImage }, { drawHalfBlocks }] = await Promise.all([import('./decode.js'), import('./halfblock.js')]);
      return drawHalfBlocks(await decodeImage(bytes, format), start.width);
    }
  }
}

/** Kitty reads PNG itself (f=100); JPEG and GIF go as decoded RGBA, zlib-compressed (f=32, o=z). */
async function drawKitty(bytes: Uint8Array, format: ImageFormat, columns: number): Promise<string> {
  if (format === 'png') return kittyImage(bytes, 'f=100', fitColumns(imageSize(bytes, format)?.width, columns));
  const [{ decodeImage }, { deflateSync }] = await Promise.all([import('./decode.js'), import('node:zlib')]);
  const raster = await decodeImage(bytes, format);
  const keys = `f=32,s=${raster.width},v=${raster.height},o=z`;
  return kittyImage(deflateSync(raster.data), keys, fitColumns(raster.width, columns));
}
