/**
 * Interceptor: the response body size cap (`--okapi-max-body-size`, body-limit.ts), on the decoded
 * bytes, so it sits above decompression. A body that announces a size over the cap fails before
 * anything is read; any other fails at the chunk that crosses it.
 */
import { bodyTooLarge, limitBody } from '../body-limit.js';
import { codingsToUndo } from '../decompress.js';
import type { DispatchResponse, Interceptor } from '../dispatch.js';

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
      const encoded = (codingsToUndo(response.headers['content-encoding']) ?? []).length > 0;
      if (!encoded && !bodiless && declared > limit) throw bodyTooLarge(host, limit, declared);
      yield* limitBody(response.body as AsyncIterable<Buffer>, limit, () => bodyTooLarge(host, limit));
    },
  };
}
