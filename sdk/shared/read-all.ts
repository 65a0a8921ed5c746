/**
 * A stream's bytes, whole: stdin as a request's body. The chunks and their concatenation are all
 * it holds; node:stream/consumers' `buffer` goes through a Blob, a third copy of the body.
 */
export async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return Buffer.concat(chunks);
}
