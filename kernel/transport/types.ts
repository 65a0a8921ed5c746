/**
 * The transport's public shapes. `index.ts` re-exports them; everything else in this folder is an
 * implementation detail.
 */
import type { HeaderMap } from '../../sdk/types.js';

export type { HeaderMap };

export interface TransportOptions {
  /** `-t`: bounds the whole request; with `stream: true` only the wait for response headers. */
  timeoutMs?: number;
  stream?: boolean;
  /** `--okapi-insecure`: skip certificate verification. */
  insecure?: boolean;
  /** `--okapi-ca-cert`: trusted in addition to Node's default CAs. */
  caCertPath?: string;
  /** mTLS, PEM files. */
  clientCertPath?: string;
  clientKeyPath?: string;
  /** Default TLSv1.2. */
  tlsMinVersion?: 'TLSv1.2' | 'TLSv1.3';
  /** Bytes of decoded body; enforced while reading. */
  maxBodySize: number;
  /** Default 10; exceeding it is an error. */
  maxRedirects?: number;
  /** Default true. */
  followRedirects?: boolean;
  signal?: AbortSignal;
}

export interface CloseOptions {
  /**
   * The process is about to end: close only what would hold it open. Node's idle pooled sockets
   * are unref'd, so the system closes them at exit, as for any node:http script.
   */
  exiting?: boolean;
}

export interface TransportRequest {
  method: string;
  url: string;
  headers: HeaderMap;
  body?: Uint8Array;
}

export interface TlsDetails {
  protocol: string | null;
  cipher: string | null;
  subject?: string;
  issuer?: string;
  validTo?: string;
  alpn?: string | null;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  /** Lower-case names. `Content-Encoding` is kept although `body` is decoded. */
  headers: HeaderMap;
  /** `'1.1'` or `'2'`. */
  httpVersion: string;
  /** The final URL, after redirects. */
  url: string;
  /** Every redirect followed, in order: the status and the URL that answered it. */
  redirects: { status: number; url: string }[];
  tls?: TlsDetails;
  /** Decoded and size-capped; consume once. */
  body: AsyncIterable<Uint8Array>;
  /** Drops a body that will not be read, closing its stream and timers. */
  discard(): void;
  /** Reads the whole body (capped). */
  bytes(): Promise<Uint8Array>;
}
