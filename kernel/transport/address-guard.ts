/**
 * TransportOptions.addressPolicy on every hop of a request (docs/design/013-ssrf-address-policy.md):
 *
 * - the hop's origin must be one of the trusted URLs' origins (or their https:// upgrade), unless
 *   the policy allows any origin;
 * - its host is resolved once, here, and every address it resolves to must be public unless one of
 *   the trusted URLs is itself on a non-public address;
 * - the connection then goes to those checked addresses: the exchanges resolve the host through
 *   `lookup`, which answers with them, so no second DNS answer can slip in between the check and
 *   the connection. A connection pool belongs to one policy (`key`), so a pooled connection was
 *   checked under the same rules.
 *
 * An IP literal is never looked up by Node: it is checked as it is. Through a proxy the proxy
 * connects, so only okapi's own DNS answer can be checked.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { OkapiError } from '../../sdk/shared/errors.js';
import { classifyAddress, type AddressClass } from './address-class.js';
import { redactUrl } from '../../sdk/shared/redact.js';
import type { AddressPolicy } from './types.js';

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

/** What an exchange needs to connect only to checked addresses: its own pool, and the lookup. */
export interface PinnedLookup {
  readonly key: string;
  readonly lookup: LookupFunction;
}

const guards = new Map<string, AddressGuard>();

/** One guard per distinct policy, for the life of the process: its pins and pools are shared. */
export function guardFor(policy: AddressPolicy): AddressGuard {
  const key = JSON.stringify([policy.trustedUrls, policy.allowCrossOrigin]);
  let guard = guards.get(key);
  if (!guard) {
    guard = new AddressGuard(policy, key);
    guards.set(key, guard);
  }
  return guard;
}

export class AddressGuard implements PinnedLookup {
  private readonly trusted: URL[];
  private readonly origins = new Set<string>();
  private privateAllowed: Promise<boolean> | undefined;
  /** Host name → the addresses `admit` checked for it, the only ones `lookup` answers. */
  private readonly pins = new Map<string, LookupAddress[]>();

  constructor(
    private readonly policy: AddressPolicy,
    readonly key: string,
    private readonly resolve: Resolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true }),
  ) {
    this.trusted = policy.trustedUrls.map((text) => new URL(text));
    for (const url of this.trusted) {
      this.origins.add(url.origin);
      if (url.protocol === 'http:' && url.port === '') this.origins.add(`https://${url.host}`);
    }
  }

  /**
   * Checks one hop before it is sent; `from` is the URL whose redirect led to it. Throws an
   * OkapiError, or the signal's reason when it is aborted (`-t`) while DNS is still answering.
   */
  async admit(url: URL, from: URL | undefined, signal: AbortSignal): Promise<void> {
    const host = hostOf(url);
    const addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await untilAborted(this.resolve(host), signal);
    // The address first: --allow-cross-origin-spec would not make a private one acceptable.
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind !== 'public' && !(await untilAborted(this.allowsPrivate(), signal))) throw this.nonPublic(url, from, address, kind);
    }
    if (!this.policy.allowCrossOrigin && !this.origins.has(url.origin)) throw this.otherOrigin(url, from);
    if (isIP(host) === 0) this.pins.set(host, addresses);
  }

  /** A `net.connect` lookup answering only with the addresses `admit` checked for the host. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const pinned = this.pins.get(hostname.toLowerCase());
    if (!pinned) {
      callback(Object.assign(new Error(`okapi did not check ${hostname} before connecting to it`), { code: 'OKAPI_ERR_UNCHECKED_HOST' }), '', 0);
      return;
    }
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const matching = family === 4 || family === 6 ? pinned.filter((a) => a.family === family) : pinned;
    if (matching.length === 0) {
      callback(Object.assign(new Error(`${hostname} has no checked IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, matching);
    } else {
      callback(null, matching[0]!.address, matching[0]!.family);
    }
  };

  /** Whether a trusted URL is itself on a non-public address (each resolved once). */
  private allowsPrivate(): Promise<boolean> {
    this.privateAllowed ??= Promise.all(
      this.trusted.map(async (url) => {
        const host = hostOf(url);
        if (isIP(host) !== 0) return classifyAddress(host) !== 'public';
        // A trusted URL that does not resolve cannot make anything else acceptable.
        const addresses = await this.resolve(host).catch(() => []);
        return addresses.some((a) => classifyAddress(a.address) !== 'public');
      }),
    ).then((classes) => classes.includes(true));
    return this.privateAllowed;
  }

  private otherOrigin(url: URL, from: URL | undefined): OkapiError {
    const allowed = [...new Set(this.trusted.map((t) => t.origin))].join(' or ');
    return new OkapiError(`${refusing(url, from)}: it is on another origin than ${allowed}`, {
      hint: 'follow it with --allow-cross-origin-spec if you trust that host',
    });
  }

  private nonPublic(url: URL, from: URL | undefined, address: string, kind: AddressClass): OkapiError {
    const host = hostOf(url);
    const where = host === address ? `${address} is` : `${host} resolves to ${address},`;
    const trusted = [...new Set(this.trusted.map((t) => t.origin))];
    return new OkapiError(`${refusing(url, from)}: ${where} ${article(kind)} ${kind} address, and ${trusted.join(' and ')} ${trusted.length === 1 ? 'is' : 'are'} public`, {
      hint: `a public server may not lead okapi to private, loopback, link-local or unspecified addresses; if you trust ${url.host}, give its URL yourself (e.g. with --spec)`,
    });
  }
}

/** DNS cannot be cancelled: stop waiting for it instead. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function refusing(url: URL, from: URL | undefined): string {
  return from ? `refusing to follow the redirect from ${redactUrl(from)} to ${redactUrl(url)}` : `refusing to fetch ${redactUrl(url)}`;
}

function article(kind: AddressClass): string {
  return kind === 'unspecified' ? 'an' : 'a';
}

/** The host as Node looks it up: lower case, an IPv6 address without brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}
