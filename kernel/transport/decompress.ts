/**
 * Content-Encoding decoding with node:zlib streams: br, gzip/x-gzip, deflate (zlib-wrapped or raw,
 * told apart by the first two bytes) and zstd where this Node.js has it (22.15+; not 20). okapi's own
 * code rather than undici's decompress interceptor, which is experimental and warns at run time.
 */
import { Readable, pipeline, type Transform } from 'node:stream';

type DecoderFactory = () => Transform;

/**
 * Node bundles zstd, and zlib decodes it, from 22.15 / 23.8 (not 20); process.versions says so
 * without loading zlib. @types/node 20 does not declare `createZstdDecompress`.
 */
export function canDecodeZstd(): boolean {
  return process.versions.zstd !== undefined;
}

/** The Accept-Encoding okapi sends when the caller did not set one. */
export function acceptEncoding(): string {
  return canDecodeZstd() ? 'br, gzip, deflate, zstd' : 'br, gzip, deflate';
}

const SUPPORTED = new Set(['br', 'gzip', 'x-gzip', 'deflate', ...(canDecodeZstd() ? ['zstd'] : [])]);

/** The codings applied, in the order they were applied, identity left out. */
function appliedCodings(contentEncoding: readonly string[] | undefined): string[] {
  return (contentEncoding ?? [])
    .flatMap((value) => value.split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * The codings to undo, outermost first, from the Content-Encoding values: none when one is a
 * coding okapi cannot decode, whose bytes are then passed through as received (the header says
 * what they are; see codingLeftOn).
 */
export function codingsToUndo(contentEncoding: readonly string[] | undefined): string[] {
  if (codingLeftOn(contentEncoding) !== undefined) return [];
  // Codings are listed in the order they were applied; undo the last one first.
  return appliedCodings(contentEncoding).reverse();
}

/**
 * A coding okapi cannot undo (zstd on Node 20, an unknown one), which the body therefore still
 * carries: reading such bytes as their Content-Type says would be a guess.
 */
export function codingLeftOn(contentEncoding: readonly string[] | undefined): string | undefined {
  return appliedCodings(contentEncoding).find((coding) => !SUPPORTED.has(coding));
}

/** The body with each of `codings` undone, in the order given (codingsToUndo gives the right one). */
export function undoContentCodings(source: AsyncIterable<Buffer>, codings: readonly string[]): AsyncIterable<Buffer> {
  return codings.reduce((stream, coding) => undoCoding(stream, coding), source);
}

async function* undoCoding(source: AsyncIterable<Buffer>, coding: string): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  // The decoder is chosen (and created) only once there is input: an empty body stays empty,
  // as HEAD, 204 and 304 responses with Content-Encoding are.
  let head: Buffer = Buffer.alloc(0);
  let done = false;
  while (head.length < (coding === 'deflate' ? 2 : 1) && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  if (head.length === 0) return;
  const decoder = createDecoder(coding, head);
  const input = Readable.from(prepend(head, done ? undefined : iterator), { objectMode: false });
  pipeline(input, decoder, () => {
    // Errors reach the consumer through the decoder's iteration below.
  });
  for await (const chunk of decoder) yield chunk as Buffer;
}

async function* prepend(head: Buffer, rest: AsyncIterator<Buffer> | undefined): AsyncGenerator<Buffer> {
  yield head;
  if (!rest) return;
  // Stopped early (decoder failed, consumer gave up), the loop releases the source, aborting the request.
  for await (const chunk of { [Symbol.asyncIterator]: () => rest }) yield chunk;
}

function createDecoder(coding: string, head: Buffer): Transform {
  // node:zlib loads only for a compressed body: most responses to a CLI are not.
  const zlib = process.getBuiltinModule('node:zlib');
  // Output flows as input arrives; the end of input is a full finish, so a body cut short before its
  // trailer is an error (Z_BUF_ERROR), never a silently truncated download.
  const zlibFlush = { flush: zlib.constants.Z_SYNC_FLUSH };
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(zlibFlush);
    case 'deflate':
      // RFC 9110 says zlib-wrapped; some servers send raw DEFLATE. A zlib header is a CMF byte with
      // method 8 and a CMF/FLG pair divisible by 31.
      return isZlibHeader(head) ? zlib.createInflate(zlibFlush) : zlib.createInflateRaw(zlibFlush);
    case 'br':
      return zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case 'zstd': {
      const createZstd = (zlib as unknown as { createZstdDecompress?: DecoderFactory }).createZstdDecompress;
      if (createZstd) return createZstd();
      break;
    }
  }
  throw new Error(`unsupported content coding ${coding}`);
}

function isZlibHeader(head: Buffer): boolean {
  const cmf = head[0]!;
  const flg = head[1]!;
  return (cmf & 0x0f) === 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 === 0;
}
