/**
 * One exchange of a redirect chain, as both exchanges see it: `undici-hop.ts` (HTTPS, HTTP/2,
 * proxies) and `node-http-hop.ts` (plain HTTP/1.1 without a proxy). The chain above (dispatch.ts)
 * follows redirects and reads the final body over either; `hop-senders.ts` picks one for each hop.
 */
import type { Readable } from 'node:stream';
import type { HopRequest } from './redirects.js';
import type { ResponseHead } from './types.js';

export interface HopResponse extends ResponseHead {
  /** With `HopOptions.recordHead`: the request head exactly as written, `\r\n`-separated. */
  sentHead?: string;
  /** Raw (still encoded) body bytes; destroying it before its end aborts the download. */
  body: Readable;
}

export interface HopOptions {
  /** Ends the hop with the signal's reason: an Error, as an AbortSignal's own reasons are. */
  signal: AbortSignal;
  /** Limits on waiting: 0 disables one, undefined keeps the default (300 s, as undici's). */
  headersTimeout?: number | undefined;
  bodyTimeout?: number | undefined;
  /** Keep the request head as written (`HopResponse.sentHead`). */
  recordHead?: boolean;
}

export type SendHop = (hop: HopRequest, options: HopOptions) => Promise<HopResponse>;

/** The waiting limit when the caller sets none: undici's, so both exchanges behave alike. */
export const DEFAULT_WAIT_MS = 300_000;
