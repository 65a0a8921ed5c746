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
 * `--allow-cross-origin-spec`. Every request carries the command's address policy: each hop,
 * redirects included, stays on the origins the user gave (unless `--allow-cross-origin-spec`) and
 * reaches a private, loopback, link-local or unspecified address only when a URL the user gave is
 * on one, checked by the transport on the address it connects to
 * (docs/design/013-ssrf-address-policy.md).
 */
import type { AddressPolicy, CommandContext, HttpResponse } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { linksWithRel, parseLinkHeader } from '../../sdk/shared/link-header.js';
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
// Trust: origins here; addresses in the transport, on every hop (`address_policy`).

/** The policy of a command's fetches: the URLs the user gave are trusted, and their origins. */
export function fetchPolicy(trustedUrls: string[], allowCrossOrigin: boolean): AddressPolicy {
  return { trusted_urls: [...new Set(trustedUrls)], allow_cross_origin: allowCrossOrigin };
}

export type FollowDecision = { ok: true } | { ok: false; reason: string; hint?: string };

/**
 * May okapi follow a link from the API at `api` to `target`? Same origin (scheme, host, effective
 * port): yes. Another origin: only when allowed. (Where its address may be is the transport's to
 * check, on every hop.)
 */
export function followDecision(input: { target: URL; api: URL; allowCrossOrigin: boolean; what?: string }): FollowDecision {
  const what = input.what ?? 'the spec link';
  const { target, api } = input;
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { ok: false, reason: `${what} ${target.href} is not an http or https URL` };
  }
  if (target.origin === api.origin || input.allowCrossOrigin) return { ok: true };
  return {
    ok: false,
    reason: `${what} ${target.href} is on another origin than ${api.origin}`,
    hint: 'follow it with --allow-cross-origin-spec if you trust that host',
  };
}

/** followDecision, as an OkapiError when the answer is no. */
export function checkFollow(target: URL, api: URL, allowCrossOrigin: boolean, what?: string): void {
  const decision = followDecision({ target, api, allowCrossOrigin, ...(what ? { what } : {}) });
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

export async function get(ctx: CommandContext, url: string, explicit: boolean, policy: AddressPolicy): Promise<HttpResponse> {
  try {
    return await ctx.httpRequest({
      method: 'GET',
      url,
      headers: { Accept: [ACCEPT] },
      timeout_ms: explicit ? EXPLICIT_TIMEOUT_MS : DISCOVERY_TIMEOUT_MS,
      max_body_size: MAX_SPEC_BYTES,
      address_policy: policy,
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
export async function fetchExplicit(ctx: CommandContext, url: string, via: string, policy: AddressPolicy): Promise<FetchedSpec> {
  const response = await get(ctx, url, true, policy);
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
  policy: AddressPolicy;
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
  const root = await get(ctx, base.href, false, options.policy);
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
        checkFollow(url, base, options.allowCrossOrigin, `the ${rel} link`);
      } catch (error) {
        refused ??= error as OkapiError;
        tried.push(`Link rel=${rel} <${url.href}>: refused (${(error as Error).message})`);
        options.note(`not following ${(error as Error).message}`);
        continue;
      }
      const response = await get(ctx, url.href, false, options.policy);
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
      get(ctx, url, false, options.policy).then(
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
