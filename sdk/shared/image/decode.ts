/**
 * PNG, JPEG and GIF bytes to RGBA pixels, with pure-JS decoders imported on first use so no other
 * output format pays for loading them. A GIF gives its first frame.
 */
import { FORMAT_NAMES, imageSize, type ImageFormat } from './sniff.js';

/** Straight (not premultiplied) 8-bit RGBA, row by row from the top left. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The most pixels okapi decodes: 50 megapixels, 200 MB of RGBA. */
const MAX_PIXELS = 50_000_000;

export async function decodeImage(bytes: Uint8Array, format: ImageFormat): Promise<Raster> {
  const size = imageSize(bytes, format);
  if (size && size.width * size.height > MAX_PIXELS) {
    throw new Error(
      `the ${FORMAT_NAMES[format]} image is ${size.width}×${size.height} pixels, more than okapi decodes (${MAX_PIXELS / 1e6} megapixels); use -o raw and an image viewer`,
    );
  }
  let raster: Raster;
  try {
    raster = await decoders[format](bytes);
  } catch (error) {
    throw new Error(`could not decode the ${FORMAT_NAMES[format]} image: ${(error as Error).message}`);
  }
  if (raster.width === 0 || raster.height === 0) throw new Error(`the ${FORMAT_NAMES[format]} image has no pixels`);
  return raster;
}

const decoders: Record<ImageFormat, (bytes: Uint8Array) => Promise<Raster>> = {
  async png(bytes) {
    const { PNG } = await import('pngjs');
    // pngjs expands every colour type and bit depth to 8-bit RGBA.
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  },
  async jpeg(bytes) {
    const { decode } = await import('jpeg-js');
    const jpeg = decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6 });
    return { width: jpeg.width, height: jpeg.height, data: jpeg.data };
  },
  async gif(bytes) {
    const { GifReader } = await import('omggif');
    const gif = new GifReader(bytes);
    if (gif.numFrames() === 0) throw new Error('it has no frames');
    // Pixels the first frame leaves out, or marks transparent, stay fully transparent.
    const data = new Uint8Array(gif.width * gif.height * 4);
    const frame = gif.frameInfo(0);
    if (frame.x + frame.width > gif.width || frame.y + frame.height > gif.height) {
      throw new Error('its first frame lies outside the logical screen');
    }
    gif.decodeAndBlitFrameRGBA(0, data);
    return { width: gif.width, height: gif.height, data };
  },
};
