/**
 * Finding an API's OpenAPI description (SPEC.md "api connect"), in this order:
 *
 * 1. pinned sources: `spec_files` (local), else `spec_url` / `--spec` (explicit: 2 minutes);
 * 2. the API root's `Link` header, relations `service-desc` then `describedby` (RFC 8288);
 * 3. well-known paths (`/openapi.json`, `/openapi.yaml`, `/swagger.json`, …), below the base
 *    path first, then at the origin's root, fetched in parallel and taken in that order;
 * 4. the root body itself.
 *
 * Every request goes through the host (`ctx.httpRequest`): the user's headers, TLS settings and
 * request plugins apply. Discovery requests get 30 s and explicit sources 2 minutes; a description
 * may be 50 MiB at most. A Link target on another origin is followed only with
 * `--allow-cross-origin-spec`, and a private, loopback, link-local or unspecified target only when
 * the API itself is on such an address.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { CommandContext, HttpResponse } from '../../sdk/types.js';
import { OkapiError } from '../../kernel/errors.js';
import { linksWithRel, parseLinkHeader } from './link-header.js';
import { MAX_SPEC_BYTES, readSpecFile } from './spec-file.js';

export const DISCOVERY_TIMEOUT_MS = 30_000;
export const EXPLICIT_TIMEOUT_MS = 120_000;

const ACCEPT = [
  'application/openapi+json',
  'application/vnd.oai.openapi+json',
  'application/json;q=0.9',
  'application/openapi+yaml;q=0.8',
  'application/vnd.oai.openapi;q=0.8',
  'application/yaml;q=0.8',
  '*/*;q=0.5',
].join(', ');

export const LINK_RELS = ['service-desc', 'describedby'] as const;

export const WELL_KNOWN_PATHS = [
  'openapi.json',
  'openapi.yaml',
  'openapi.yml',
  'swagger.json',
  'swagger.yaml',
  'v3/api-docs',
  'api-docs',
  '.well-known/openapi.json',
] as const;

/** Description bytes and where they came from. */
export interface FetchedSpec {
  body: Uint8Array;
  content_type?: string;
  source_url?: string;
  local_path?: string;
  /** A URL or an absolute path, for messages and the config. */
  source: string;
  /** How it was found: `spec_files`, `spec_url`, `--spec`, `link:service-desc`, `well-known`, `root`. */
  via: string;
  /** An explicit source (pinned or `--spec`) gets the longer timeouts for its `$ref`s too. */
  explicit: boolean;
}

// ---------------------------------------------------------------------------------------------
// Trust: origins and address classes.

export type AddressClass = 'public' | 'private' | 'loopback' | 'link-local' | 'unspecified';

/** The class of an IPv4 or IPv6 address literal (brackets allowed). */
export function classifyAddress(address: string): AddressClass {
  let ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = ip.indexOf('%');
  if (zone !== -1) ip = ip.slice(0, zone);
  if (isIP(ip) === 4) return classifyV4(ip.split('.').map(Number));
  if (isIP(ip) !== 6) return 'public';
  const words = expandV6(ip);
  if (words.every((w) => w === 0)) return 'unspecified';
  if (words.slice(0, 7).every((w) => w === 0) && words[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms carry an IPv4 address.
  if (words.slice(0, 5).every((w) => w === 0) && (words[5] === 0xffff || words[5] === 0)) {
    return classifyV4([words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff]);
  }
  if ((words[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((words[0]! & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((words[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  return 'public';
}

function classifyV4([a, b]: number[]): AddressClass {
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 100 && b! >= 64 && b! <= 127)) {
    return 'private';
  }
  return 'public';
}

function expandV6(ip: string): number[] {
  let text = ip;
  // A trailing dotted IPv4 part becomes two 16-bit words.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number);
    text = `${text.slice(0, -v4[1]!.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headWords = head ? head.split(':').filter((w) => w !== '') : [];
  const tailWords = tail ? tail.split(':').filter((w) => w !== '') : [];
  const missing = 8 - headWords.length - tailWords.length;
  return [...headWords, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailWords].map((w) => parseInt(w, 16) || 0);
}

/** The class of a host name: a literal, `localhost`, or the least public of its DNS addresses. */
export async function classifyHost(hostname: string): Promise<AddressClass> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (isIP(host) !== 0) return classifyAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new OkapiError(`cannot resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const classes = addresses.map((a) => classifyAddress(a.address));
  return classes.find((c) => c !== 'public') ?? 'public';
}

export type FollowDecision = { ok: true } | { ok: false; reason: string; hint?: string };

/**
 * May okapi follow a link from the API at `api` to `target`? Same origin (scheme, host, effective
 * port): yes. Another origin: only when allowed, and a non-public target only for a non-public API.
 */
export function followDecision(input: {
  target: URL;
  api: URL;
  allowCrossOrigin: boolean;
  targetClass?: AddressClass;
  apiClass?: AddressClass;
  what?: string;
}): FollowDecision {
  const what = input.what ?? 'the spec link';
  const { target, api } = input;
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { ok: false, reason: `${what} ${target.href} is not an http or https URL` };
  }
  if (target.origin === api.origin) return { ok: true };
  if (!input.allowCrossOrigin) {
    return {
      ok: false,
      reason: `${what} ${target.href} is on another origin than ${api.origin}`,
      hint: 'follow it with --allow-cross-origin-spec if you trust that host',
    };
  }
  const targetClass = input.targetClass ?? 'public';
  const apiClass = input.apiClass ?? 'public';
  if (targetClass !== 'public' && apiClass === 'public') {
    return {
      ok: false,
      reason: `${what} ${target.href} is a ${targetClass} address, and the API at ${api.origin} is public`,
      hint: 'okapi follows links to private, loopback, link-local or unspecified addresses only for APIs on such addresses; pin the description with --spec instead',
    };
  }
  return { ok: true };
}

/** followDecision with the address classes looked up (DNS only for another origin). */
export async function checkFollow(target: URL, api: URL, allowCrossOrigin: boolean, what?: string): Promise<void> {
  let decision = followDecision({ target, api, allowCrossOrigin, ...(what ? { what } : {}) });
  if (decision.ok && target.origin !== api.origin) {
    const [targetClass, apiClass] = await Promise.all([classifyHost(target.hostname), classifyHost(api.hostname)]);
    decision = followDecision({ target, api, allowCrossOrigin, targetClass, apiClass, ...(what ? { what } : {}) });
  }
  if (!decision.ok) throw new OkapiError(decision.reason, decision.hint ? { hint: decision.hint } : {});
}

// ---------------------------------------------------------------------------------------------
// Fetching.

export function headerOf(response: HttpResponse, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, values] of Object.entries(response.headers)) if (key.toLowerCase() === lower) return values[0];
  return undefined;
}

function headerValues(response: HttpResponse, name: string): string[] {
  const lower = name.toLowerCase();
  return Object.entries(response.headers).flatMap(([key, values]) => (key.toLowerCase() === lower ? values : []));
}

export async function get(ctx: CommandContext, url: string, explicit: boolean): Promise<HttpResponse> {
  try {
    return await ctx.httpRequest({
      method: 'GET',
      url,
      headers: { Accept: [ACCEPT] },
      timeout_ms: explicit ? EXPLICIT_TIMEOUT_MS : DISCOVERY_TIMEOUT_MS,
      max_body_size: MAX_SPEC_BYTES,
    });
  } catch (error) {
    const e = error as { message?: string; hint?: string };
    const message = (e.message ?? String(error)).replace(/^okapi: /, '');
    throw new OkapiError(`cannot fetch ${url}: ${message}`, e.hint ? { hint: e.hint } : {});
  }
}

function ok(status: number): boolean {
  return status >= 200 && status < 300;
}

function isHtml(response: HttpResponse): boolean {
  return /^(text\/html|application\/xhtml\+xml)\b/i.test(headerOf(response, 'content-type') ?? '');
}

function fromResponse(response: HttpResponse, url: string, via: string, explicit: boolean): FetchedSpec {
  const contentType = headerOf(response, 'content-type');
  const source = response.url ?? url;
  return { body: response.body, ...(contentType ? { content_type: contentType } : {}), source_url: source, source, via, explicit };
}

/** A description at a URL the user gave (`--spec`, `spec_url`): anything but a 2xx is an error. */
export async function fetchExplicit(ctx: CommandContext, url: string, via: string): Promise<FetchedSpec> {
  const response = await get(ctx, url, true);
  if (!ok(response.status)) {
    throw new OkapiError(`GET ${url} answered ${response.status}, not an API description`, {
      hint: 'check the URL given with --spec (or the API\'s spec_url)',
    });
  }
  return fromResponse(response, url, via, true);
}

/** A local description file. */
export async function readLocal(path: string, via: string): Promise<FetchedSpec> {
  const body = await readSpecFile(path, `the spec file ${path}`);
  return { body, local_path: path, source: path, via, explicit: true };
}

export interface DiscoverOptions {
  /** The API's base URL. */
  base: URL;
  allowCrossOrigin: boolean;
  /** Loads candidate bytes; throws when they are not an API description. */
  accept(spec: FetchedSpec): Promise<unknown>;
  /** Informational lines for stderr (a Link target that was refused, say). */
  note(line: string): void;
}

export interface Discovered {
  spec: FetchedSpec;
  document: unknown;
}

/** Steps 2–4: the Link header, well-known paths, then the root body. */
export async function discover(ctx: CommandContext, options: DiscoverOptions): Promise<Discovered> {
  const { base } = options;
  const tried: string[] = [];
  const root = await get(ctx, base.href, false);
  const rootUrl = root.url ?? base.href;

  // 2. Link: service-desc, then describedby.
  const links = parseLinkHeader(headerValues(root, 'link'));
  let refused: OkapiError | undefined;
  for (const rel of LINK_RELS) {
    for (const target of linksWithRel(links, rel)) {
      let url: URL;
      try {
        url = new URL(target, rootUrl);
      } catch {
        tried.push(`Link rel=${rel} <${target}>: not a URL`);
        continue;
      }
      try {
        await checkFollow(url, base, options.allowCrossOrigin, `the ${rel} link`);
      } catch (error) {
        refused ??= error as OkapiError;
        tried.push(`Link rel=${rel} <${url.href}>: refused (${(error as Error).message})`);
        options.note(`not following ${(error as Error).message}`);
        continue;
      }
      const response = await get(ctx, url.href, false);
      if (!ok(response.status)) {
        tried.push(`Link rel=${rel} <${url.href}>: ${response.status}`);
        continue;
      }
      const spec = fromResponse(response, url.href, `link:${rel}`, false);
      return { spec, document: await options.accept(spec) };
    }
  }
  if (links.length === 0 || !LINK_RELS.some((rel) => linksWithRel(links, rel).length > 0)) {
    tried.push(`GET ${rootUrl}: ${root.status}, no Link with rel=${LINK_RELS.join(' or ')}`);
  }

  // 3. Well-known paths, below the base path first, then at the origin's root.
  const prefixes = [...new Set([base.pathname.replace(/\/*$/, '/'), '/'])];
  const candidates = [...new Set(prefixes.flatMap((prefix) => WELL_KNOWN_PATHS.map((p) => new URL(`${prefix}${p}`, base.origin).href)))];
  const responses = await Promise.all(
    candidates.map((url) =>
      get(ctx, url, false).then(
        (response) => ({ url, response }),
        (error: Error) => ({ url, error }),
      ),
    ),
  );
  for (const result of responses) {
    if ('error' in result) {
      tried.push(`${result.url}: ${result.error.message.replace(/^cannot fetch \S+: /, '')}`);
      continue;
    }
    const { url, response } = result;
    if (!ok(response.status) || isHtml(response)) {
      tried.push(`${url}: ${response.status}${ok(response.status) ? ' (an HTML page)' : ''}`);
      continue;
    }
    const spec = fromResponse(response, url, 'well-known', false);
    return { spec, document: await options.accept(spec) };
  }

  // 4. The root body itself.
  if (ok(root.status) && !isHtml(root) && root.body.length > 0) {
    const spec = fromResponse(root, rootUrl, 'root', false);
    try {
      return { spec, document: await options.accept(spec) };
    } catch (error) {
      tried.push(`${rootUrl} body: ${(error as Error).message}`);
    }
  }
  throw new OkapiError(`found no OpenAPI description for ${base.href}; tried:\n${tried.map((t) => `    ${t}`).join('\n')}`, {
    hint: refused?.hint ?? 'give its location with --spec <url-or-file>, or save the base URL alone with --no-discover',
  });
}
