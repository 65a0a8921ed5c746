/**
 * The response body size cap (`--okapi-max-body-size`), counted on the decoded bytes the caller
 * receives, so a small compressed body cannot expand past it. It is enforced while reading: the
 * chunk that crosses the limit is not delivered, the stream is released (which aborts the
 * request) and the error names the limit.
 */
import { OkapiError } from '../errors.js';

const MiB = 1024 * 1024;

export function bodyTooLarge(host: string, limit: number): OkapiError {
  return new OkapiError(`the response body from ${host} is larger than the ${describeLimit(limit)} limit`, {
    hint: 'raise the limit with --okapi-max-body-size <MiB> (0 means the default, 100 MiB)',
  });
}

export function describeLimit(limit: number): string {
  if (limit % MiB === 0) return `${limit / MiB} MiB`;
  return `${Number((limit / MiB).toPrecision(3))} MiB (${limit} bytes)`;
}

export async function* limitBody(source: AsyncIterable<Buffer>, limit: number, tooLarge: () => Error): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > limit) throw tooLarge();
    yield chunk;
  }
}
