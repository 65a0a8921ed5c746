/**
 * What a request asks for before it is planned, whoever asks: the command line (`okapi get URL`,
 * built once from argv in kernel/cli/request-from-argv.ts) or a command plugin through the request
 * service. Planning (plan-request.ts) and the exchange read this, never the argv.
 */
import type { FieldUpdate } from '../../sdk/types.js';
import type { TransportOptions } from '../transport/index.js';

export interface RequestDescription {
  method: string;
  /** A URL, a host shorthand (`localhost:8080/x`) or a registered API's `<api>/<path>`. */
  target: string;
  /** `contentType` becomes the Content-Type header unless a layer sets one; the one sent must declare `charset`, the text's. */
  body?: { bytes: Uint8Array; contentType?: string; charset?: string };
  /** Resolve the target, profile and auth against this registered API. */
  api?: string;
  /** The generated operation the request is (a command said so): its security requirements apply. */
  operation?: string;
  /** okapi's cache directory, where registered APIs' command tables are (kernel/api/operation-match.ts). */
  cacheDir?: string;
  /** The config file's directory: a profile's relative TLS file paths are relative to it. */
  configDir: string;
  /**
   * Not an API-aware request, but one made for this registered API (fetching its description):
   * its profile's TLS files apply on the API's origin, its headers and auth do not.
   */
  tlsApi?: string;
  /** The profile asked for (`-p`, OKAPI_PROFILE); undefined means `default`. */
  profile?: string;
  /** `--okapi-server`: replaces the scheme, host and port of the target. */
  server?: string;
  /**
   * Header layers over okapi's defaults and the API profile's, in increasing precedence
   * (OKAPI_HEADER, then -H): a later layer's entry replaces every earlier value of its name, a
   * Cookie entry every earlier cookie of its names. The last is the command line's own (-H).
   */
  headerLayers: FieldLayer[];
  /** Query layers over the API profile's, in the same order (OKAPI_QUERY, then -q). */
  queryLayers: FieldLayer[];
  /** A command's own headers: above the environment's, below the last layer (-H); null deletes, after planning. */
  headers?: FieldUpdate;
  /** The query a command's own parameters wrote, which the target carries too (HttpRequest.query). */
  query?: string;
  /** `--okapi-no-browser`: an auth type that signs in through a browser prints its URL instead. */
  noBrowser?: boolean;
  /** `--okapi-auth`: the credential id, or `A+B`, an operation is to use. */
  auth?: string;
  /** Where planning says what the user should know (a credential forced outside the requirements). */
  warn?: (message: string) => void;
  /** What -v tells (a credential given by hand sent instead of the auth's). */
  note?: (message: string) => void;
  limits: TransportLimits;
}

/** The sources of the command line's own layers, above every other (request-from-argv.ts). */
export const FLAG_HEADERS = '-H';
export const FLAG_QUERY = '-q';

/** Entries the user gave one way, named as the user knows that way (`-H`, `OKAPI_QUERY`) for messages. */
export interface FieldLayer {
  source: string;
  entries: [string, string][];
}

/** What every request of a run shares, before its method, target and body are known. */
export type RequestDefaults = Omit<RequestDescription, 'method' | 'target' | 'body'>;

/**
 * How the transport may treat the request. A limit left undefined was not chosen, so the default
 * (or a command plugin's own limit) applies: see transport-options.ts.
 */
export type TransportLimits = Partial<
  Pick<TransportOptions, 'timeoutMs' | 'maxBodySize' | 'insecure' | 'caCertPath' | 'clientCertPath' | 'clientKeyPath' | 'tlsMinVersion' | 'addressPolicy'>
>;
