/**
 * Phase 2 of the pipeline: from what the user gave (method, URL text, body) to the request plan —
 * the final URL (server override, query layers) and headers in precedence order: okapi's defaults,
 * then the registered API's profile (an `<api>/<path>` target), then a command's own headers, then
 * OKAPI_HEADER/OKAPI_QUERY, then -H/-q. The API's `url_overrides` rewrite the URL last. The plan remembers which headers are
 * okapi's own (its defaults and a body's Content-Type, as okapi set them): every other header is
 * bound to the first origin, and a redirect to another origin drops it.
 */
import { OKAPI_VERSION } from '../../sdk/shared/version.js';
import { ACCEPT_HEADER } from '../../sdk/shared/decoders/decode-body.js';
import type { ProfileTlsPlan, RequestPlan } from './exchange.js';
import type { FieldUpdate } from '../../sdk/types.js';
import { applyFieldUpdate, mergeLayers } from './request-fields.js';
import { getHeader } from '../transport/headers.js';
import { applyServerOverride } from '../../sdk/shared/server-override.js';
import { appendQuery, normalizeTargetUrl } from '../../sdk/shared/target-url.js';
import type { OkapiConfig } from '../config/document.js';
import type { RequestDescription } from './request-description.js';
import { profileTlsForUrl, resolveApiTarget, type ApiTarget } from '../api/api-target.js';
import { profileTlsPaths } from '../../sdk/shared/profile-tls.js';
import { operationNamed, operationOfRequest } from '../api/operation-match.js';
import { applyUrlOverrides } from '../../sdk/shared/url-overrides.js';

/** `config`: where registered APIs are found. */
export function planRequest(request: RequestDescription, config: OkapiConfig): RequestPlan {
  const { method, target, body } = request;
  const apiTarget = resolveApiTarget(config, target, request.profile, request.api);
  const defaults: [string, string][] = [
    ['User-Agent', `okapi/${OKAPI_VERSION}`],
    ['Accept', ACCEPT_HEADER],
  ];
  const profileHeaders = apiTarget?.headers ?? [];
  let headers = mergeLayers([defaults, profileHeaders, commandLayer(request.headers, profileHeaders), ...request.headerLayers], true);
  let okapiHeaders = mergeLayers([defaults], true);
  if (body?.contentType !== undefined && getHeader(headers, 'content-type') === undefined) {
    headers = applyFieldUpdate(headers, { 'Content-Type': body.contentType }, true);
    okapiHeaders = applyFieldUpdate(okapiHeaders, { 'Content-Type': body.contentType }, true);
  }
  const query = mergeLayers([apiTarget?.query ?? [], ...request.queryLayers], false);
  const server = request.server;
  let url = appendQuery(applyServerOverride(apiTarget?.url ?? normalizeTargetUrl(target, server), server), query);
  if (apiTarget) url = new URL(applyUrlOverrides(url.href, apiTarget.overrides, `url_overrides of API ${apiTarget.api}`));
  if (request.headers) headers = applyFieldUpdate(headers, deletions(request.headers), true);
  const tls = profileTlsPlan(request, config, apiTarget, url);
  return {
    method,
    url,
    headers,
    okapiHeaders,
    ...(body ? { body: body.bytes } : {}),
    ...(apiTarget ? { api: apiTarget.api, profile: apiTarget.profile } : {}),
    ...(tls ? { tls } : {}),
    ...(apiTarget?.auth && !publicOperation(request, apiTarget) ? { auth: { ...apiTarget.auth, api: apiTarget.api, profile: apiTarget.profile, ...(request.noBrowser ? { noBrowser: true } : {}) } } : {}),
  };
}

/**
 * The profile's TLS files, bound to the origin of the URL planned: like the profile's headers they
 * are the API's, and go nowhere else (a redirect or pagination link to another origin).
 */
function profileTlsPlan(request: RequestDescription, config: OkapiConfig, apiTarget: ApiTarget | undefined, url: URL): ProfileTlsPlan | undefined {
  const found = apiTarget
    ? apiTarget.tls && { api: apiTarget.api, profile: apiTarget.profile, tls: apiTarget.tls }
    : request.tlsApi !== undefined
      ? profileTlsForUrl(config, request.tlsApi, request.profile, url)
      : undefined;
  if (!found) return undefined;
  return { origin: url.origin, api: found.api, profile: found.profile, paths: profileTlsPaths(found.api, found.profile, found.tls, request.configDir) };
}

/**
 * Whether the request is an operation that takes no auth (`security: []`): the one a command named,
 * or the one cached operation a generic `<api>/<path>` request matches.
 */
function publicOperation(request: RequestDescription, target: ApiTarget): boolean {
  if (request.cacheDir === undefined) return false;
  const operation =
    request.operation !== undefined
      ? operationNamed(request.cacheDir, target.api, request.operation)
      : target.path !== undefined
        ? operationOfRequest(request.cacheDir, target.api, request.method, target.path)
        : undefined;
  return operation?.security !== undefined && operation.security.length === 0;
}

/**
 * A command's own headers (a generated operation's header and cookie parameters, its body's
 * Content-Type) sit above the profile's and below what the user typed (OKAPI_HEADER, -H), which
 * wins as on any request; a command's Cookie adds its pairs to the profile's cookies.
 */
function commandLayer(update: FieldUpdate | undefined, profile: [string, string][]): [string, string][] {
  if (!update) return [];
  const layer: [string, string][] = [];
  for (const [name, value] of Object.entries(update)) {
    if (value === null) continue;
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (name.toLowerCase() === 'cookie') {
      const cookies = [...profile.filter(([n]) => n.toLowerCase() === 'cookie').map(([, v]) => v), ...values];
      layer.push([name, cookies.join('; ')]);
    } else for (const v of values) layer.push([name, v]);
  }
  return layer;
}

/** The headers a command deletes (null), applied last. */
function deletions(update: FieldUpdate): FieldUpdate {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value === null));
}
