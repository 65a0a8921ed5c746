/**
 * The transport's public shapes. `index.ts` re-exports them; everything else in this folder is an
 * implementation detail.
 */
import type { HeaderMap } from '../../sdk/types.js';
import type { ContributedInterceptor } from './dispatch.js';

export interface TransportOptions {
  /** `-t`: bounds the whole request, body included. */
  timeoutMs?: number;
  /** `--okapi-insecure`: skip certificate verification. */
  insecure?: boolean;
  /** `--okapi-ca-cert`: trusted in addition to Node's default CAs. */
  caCertPath?: string;
  /** mTLS, PEM files. */
  clientCertPath?: string;
  clientKeyPath?: string;
  /**
   * TLS files for the hops on one origin only, in place of the three above there: an API
   * profile's files for its API's origin, the flags already merged over them
   * (docs/design/028-profile-tls.md). Hops elsewhere (a redirect to another origin) get only the
   * three above.
   */
  originTls?: OriginTls;
  /** Default TLSv1.2. */
  tlsMinVersion?: 'TLSv1.2' | 'TLSv1.3';
  /** Bytes of decoded body, enforced while reading; the pipeline sets its default (transport-options.ts). */
  maxBodySize: number;
  /** Keep every hop's request head as written on the wire and its response head (`hops`), for -v. */
  recordHops?: boolean;
  /** Rules every hop (the first and each redirect) must meet, on the address connected to. */
  addressPolicy?: AddressPolicy;
  /**
   * Interceptors from outside the transport, at the cache and retry positions of the chain
   * (docs/design/018-transport-chain.md): cache → retry → redirects → … → network.
   */
  interceptors?: readonly ContributedInterceptor[];
}

/** Who named a TLS file, for messages: the command-line flags, or a profile's config keys. */
export type TlsSource = { kind: 'flags' } | { kind: 'profile'; api: string; profile: string };

export interface TlsFile {
  /** Absolute, or relative to the working directory (a flag's). */
  path: string;
  source: TlsSource;
}

export interface OriginTls {
  /** `URL.origin` of the hops these files are for. */
  origin: string;
  caCert?: TlsFile;
  /** Both from the flags or both from the profile, never one of each. */
  clientCert?: TlsFile;
  clientKey?: TlsFile;
}

/**
 * Where a request may go, for fetches a server steers (API discovery, `$ref`s): okapi resolves
 * each hop's host once, checks every address, and connects to the checked addresses
 * (docs/design/013-ssrf-address-policy.md).
 */
export interface AddressPolicy {
  /**
   * URLs the user chose (an API's base URL, a `--spec` URL). A hop may reach a private, loopback,
   * link-local or unspecified address only when one of them is on such an address.
   */
  trustedUrls: readonly string[];
  /** A hop may be on any origin; otherwise only on the origins of `trustedUrls`. */
  allowCrossOrigin: boolean;
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
  /**
   * Names of the headers that stay with the first origin: those the user, a profile or a plugin
   * added. A redirect to another origin drops them (and every credential-named header whatever
   * this says); okapi's own protocol headers are not listed and go on.
   */
  originBound?: readonly string[];
  /** Names whose values the transcript masks whatever they are called: the fields an auth plugin set. */
  secretFields?: SecretFields;
}

/** Header names (compared case-insensitively) and query parameter names that hold secrets. */
export interface SecretFields {
  headers: readonly string[];
  query: readonly string[];
}

/** A request head as the exchange wrote it: what the server received, client-added headers included. */
export interface SentRequestHead {
  method: string;
  /** The request target: a path, or an absolute URL when sent to a proxy. */
  target: string;
  /** `'1.1'` or `'2'`. */
  httpVersion: string;
  /** Names as written (HTTP/2 pseudo-headers such as `:authority` included), in order. */
  headers: HeaderMap;
}

/** One exchange of a redirect chain as it happened on the wire. */
export interface RecordedHop {
  url: string;
  /** The headers dropped on the redirect to this hop, because it went to another origin. */
  dropped?: string[];
  request: SentRequestHead;
  /** The request's secret field names beyond those credential-names.ts recognises. */
  secretFields?: SecretFields;
  /** Why the request was sent again rather than redirected here (kernel/pipeline/renew-after-401.ts). */
  resent?: string;
  body?: Uint8Array;
  response: ResponseHead;
}

export interface TlsDetails {
  protocol: string | null;
  cipher: string | null;
  subject?: string;
  issuer?: string;
  validTo?: string;
  alpn?: string | null;
}

/** A response before its body, as every layer from the exchange up to the caller describes it. */
export interface ResponseHead {
  status: number;
  statusText: string;
  /** Lower-case names. `Content-Encoding` is kept although a decoded body no longer carries it. */
  headers: HeaderMap;
  /** `'1.1'` or `'2'`. */
  httpVersion: string;
  tls?: TlsDetails;
}

export interface TransportResponse extends ResponseHead {
  /** The final URL, after redirects. */
  url: string;
  /** With `recordHops`: every exchange, redirects first, the final one last. */
  hops?: RecordedHop[];
  /** Decoded and size-capped; consume once. */
  body: AsyncIterable<Uint8Array>;
  /** Drops a body that will not be read, closing its stream and timers. */
  discard(): void;
  /** Reads the whole body (capped). */
  bytes(): Promise<Uint8Array>;
}
