/**
 * The response body size cap (`--okapi-max-body-size`), counted on the decoded bytes the caller
 * receives, so a small compressed body cannot expand past it. It is enforced while reading: the
 * chunk that crosses the limit is not delivered, the stream is released (which aborts the
 * request) and the error names the limit.
 */
import { OkapiError } from '../../sdk/shared/errors.js';

const MiB = 1024 * 1024;

/** `declared`: the Content-Length, when the body announced its size. */
export function bodyTooLarge(host: string, limit: number, declared?: number): OkapiError {
  const announced = declared !== undefined && Number.isFinite(declared) ? ` (it declares ${describeLimit(declared)})` : '';
  // Enough for the announced size, or ten times the limit when the size is unknown.
  const suggested = announced ? Math.ceil(declared! / MiB) : Math.ceil((limit * 10) / MiB);
  return new OkapiError(`the response body from ${host} is larger than the ${describeLimit(limit)} limit${announced}`, {
    hint: `the limit holds for downloads to a file too; to accept this body, add --okapi-max-body-size ${suggested} (in MiB)`,
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
