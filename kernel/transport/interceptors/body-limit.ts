/**
 * Interceptor: the response body size cap (`--okapi-max-body-size`), counted on the decoded bytes
 * the caller receives, so it sits above decompression and a small compressed body cannot expand
 * past it. A body that announces a size over the cap fails before anything is read; any other fails
 * at the chunk that crosses it, which is not delivered: the stream is released (which aborts the
 * request) and the error names the limit.
 */
import { OkapiError } from '../../../sdk/shared/errors.js';
import { codingsToUndo } from '../decompress.js';
import type { DispatchResponse, Interceptor } from '../dispatch.js';

const MiB = 1024 * 1024;

export function bodyLimit(maxBodySize: number): Interceptor {
  return (next) => async (request) => {
    const response = await next(request);
    // HEAD, 204 and 304 have a Content-Length that describes a body they do not carry.
    const bodiless = request.method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
    return { ...response, body: limited(response, maxBodySize, bodiless) };
  };
}

function limited(response: DispatchResponse, limit: number, bodiless: boolean): AsyncIterable<Uint8Array> {
  const host = response.url.host;
  return {
    async *[Symbol.asyncIterator]() {
      const declared = Number(response.headers['content-length']?.[0] ?? Number.NaN);
      // The size is known up front (encoded sizes say nothing of the decoded one): fail without reading.
      const encoded = codingsToUndo(response.headers['content-encoding']).length > 0;
      if (!encoded && !bodiless && declared > limit) throw bodyTooLarge(host, limit, declared);
      let total = 0;
      for await (const chunk of response.body) {
        total += chunk.length;
        if (total > limit) throw bodyTooLarge(host, limit);
        yield chunk;
      }
    },
  };
}

/** `declared`: the Content-Length, when the body announced its size. */
function bodyTooLarge(host: string, limit: number, declared?: number): OkapiError {
  const announced = declared !== undefined ? ` (it declares ${describeLimit(declared)})` : '';
  // Enough for the announced size, or ten times the limit when the size is unknown.
  const suggested = Math.ceil((declared ?? limit * 10) / MiB);
  return new OkapiError(`the response body from ${host} is larger than the ${describeLimit(limit)} limit${announced}`, {
    hint: `the limit holds for downloads to a file too; to accept this body, add --okapi-max-body-size ${suggested} (in MiB)`,
  });
}

export function describeLimit(limit: number): string {
  if (limit % MiB === 0) return `${limit / MiB} MiB`;
  return `${Number((limit / MiB).toPrecision(3))} MiB (${limit} bytes)`;
}
