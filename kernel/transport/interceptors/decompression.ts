/**
 * Interceptor: undo the response's Content-Encoding (decompress.ts) as the body is read. A body
 * in no coding, or in one okapi cannot decode, passes through untouched (the envelope reports the
 * latter). A decoder's failure becomes an error that names the coding and the host, unless the
 * request was cut short (timeout, interrupt), which the layers above explain instead.
 */
import { OkapiError } from '../../../sdk/shared/errors.js';
import { codingsToUndo, undoContentCodings } from '../decompress.js';
import type { DispatchResponse, Interceptor } from '../dispatch.js';

/** `interrupted`: the request was aborted or timed out, so a broken stream is not the body's fault. */
export function decompression(interrupted: () => boolean): Interceptor {
  return (next) => async (request) => {
    const response = await next(request);
    const codings = codingsToUndo(response.headers['content-encoding']);
    return codings.length === 0 ? response : { ...response, body: decoded(response, codings, interrupted) };
  };
}

function decoded(response: DispatchResponse, codings: readonly string[], interrupted: () => boolean): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      try {
        yield* undoContentCodings(response.body as AsyncIterable<Buffer>, codings);
      } catch (error) {
        if (isZlibError(error) && !interrupted()) throw undecodableBody(error, codings, response.url.host);
        throw error;
      }
    },
  };
}

function undecodableBody(error: unknown, codings: readonly string[], host: string): OkapiError {
  const encoded = `${codings.join('+')}-encoded response body from ${host}`;
  if ((error as { code?: unknown }).code === 'Z_BUF_ERROR') {
    return new OkapiError(`the ${encoded} is truncated: it ends before its compressed stream does`, {
      hint: 'the connection closed early or the server sent a cut-off body; try again, or ask for it unencoded with -H "Accept-Encoding: identity"',
      cause: error,
    });
  }
  return new OkapiError(`could not decode the ${encoded}: ${(error as Error).message}`, {
    hint: 'the body does not match its Content-Encoding; ask for it unencoded with -H "Accept-Encoding: identity"',
    cause: error,
  });
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__') || code.startsWith('ERR_ZSTD'));
}
