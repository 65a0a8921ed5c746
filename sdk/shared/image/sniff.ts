/**
 * What a body is, from its first bytes: the image formats okapi draws, their pixel size read from
 * the header alone, and a short description of anything else for the error message.
 */

export type ImageFormat = 'png' | 'jpeg' | 'gif';

export interface Size {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image format by magic bytes, whatever the content type or file name says. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  return undefined;
}

export const FORMAT_NAMES: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF' };

/** The pixel size the header declares, without decoding; undefined when the header is cut short. */
export function imageSize(bytes: Uint8Array, format: ImageFormat): Size | undefined {
  switch (format) {
    case 'png':
      // The IHDR chunk comes first: length, "IHDR", then width and height as big-endian 32-bit.
      if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return undefined;
      return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
    case 'gif':
      // The logical screen: little-endian 16-bit width and height after the six-byte signature.
      if (bytes.length < 10) return undefined;
      return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
    case 'jpeg':
      return jpegSize(bytes);
  }
}

/** Walks the JPEG marker segments to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Uint8Array): Size | undefined {
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // a fill byte
      continue;
    }
    // Markers that stand alone, without a length: TEM, RST0-7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, or scan data before any frame
    const length = u16be(bytes, at + 2);
    // SOF0-15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return undefined;
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** "a WebP image", "text (12 characters)", "an object"…: what the error says a body is instead. */
export function describeBody(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'string') {
    if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(value)) return 'an SVG image, which is text a terminal cannot draw';
    return value.length === 1 ? 'text (1 character)' : `text (${value.length} characters)`;
  }
  if (value instanceof Uint8Array) return describeBytes(value);
  if (Array.isArray(value)) return 'a decoded array, not image bytes';
  if (typeof value === 'object') return 'a decoded object, not image bytes';
  return `a decoded ${typeof value}, not image bytes`;
}

function describeBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'empty';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'a WebP image';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'an AVIF image';
    if (brand.startsWith('hei') || brand.startsWith('mif')) return 'a HEIF image';
  }
  if (ascii(bytes, 0, 2) === 'BM') return 'a BMP image';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'a TIFF image';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'an ICO image';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'a PDF document';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'gzip data';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive';
  const head = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
  const size = bytes.length === 1 ? '1 byte' : `${bytes.length} bytes`;
  return `${size} of another kind, starting ${head}`;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return bytes.length < to ? '' : String.fromCharCode(...bytes.subarray(from, to));
}

function u16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

function u16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
}
