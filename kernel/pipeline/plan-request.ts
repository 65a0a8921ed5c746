/**
 * Phase 2 of the pipeline: from what the user gave (method, URL text, body) to the request plan —
 * the final URL (server override, query layers) and headers in precedence order: okapi's defaults,
 * then the registered API's profile (an `<api>/<path>` target), then OKAPI_HEADER/OKAPI_QUERY, then
 * the URL's own query and a command's own headers, then -H/-q; cookies merge by name in that order.
 * The API's `url_overrides` rewrite the URL last. The plan remembers which headers are okapi's own
 * (its defaults and a body's Content-Type, as okapi set them): every other header is bound to the
 * first origin, and a redirect to another origin drops it. It also carries the auth to run (the
 * credentials the request's operation selects, credential-plans.ts) and what the user gave by
 * hand, which their answers do not replace (hand-given.ts).
 */
import { OKAPI_VERSION } from '../../sdk/shared/version.js';
import { ACCEPT_HEADER } from '../../sdk/shared/decoders/decode-body.js';
import type { ProfileTlsPlan, RequestPlan } from './exchange.js';
import type { FieldUpdate, HeaderMap } from '../../sdk/types.js';
import { UsageError } from '../../sdk/shared/errors.js';
import { redactField } from '../../sdk/shared/redact.js';
import { cookieLine, cookiePairsOf } from '../../sdk/shared/cookie-pairs.js';
import { givenByHand } from './hand-given.js';
import { applyHeaderUpdate, mergeLayers } from './request-fields.js';
import { getHeader } from '../transport/headers.js';
import { applyServerOverride } from '../../sdk/shared/server-override.js';
import { appendQuery, normalizeTargetUrl } from '../../sdk/shared/target-url.js';
import type { OkapiConfig } from '../config/document.js';
import type { FieldLayer, RequestDescription } from './request-description.js';
import { profileTlsForUrl, resolveApiTarget, type ApiTarget } from '../api/api-target.js';
import { profileTlsPaths } from '../../sdk/shared/profile-tls.js';
import { planCredentials, profileHasCredentials, requestOperation, type CredentialPlans } from './credential-plans.js';
import { isCredentialName } from '../../sdk/shared/credential-names.js';
import { applyUrlOverrides } from '../../sdk/shared/url-overrides.js';
import { refuseCharsetMismatch } from '../../sdk/shared/text-charset.js';

/** `config`: where registered APIs are found; `env`: the run's, which a profile's `env:` params read. */
export function planRequest(request: RequestDescription, config: OkapiConfig, env: NodeJS.ProcessEnv): RequestPlan {
  const { method, target, body } = request;
  const apiTarget = resolveApiTarget(config, target, request.profile, env, request.api);
  const credentials = credentialsOf(request, apiTarget, config);
  const defaults: [string, string][] = [
    ['User-Agent', `okapi/${OKAPI_VERSION}`],
    ['Accept', ACCEPT_HEADER],
  ];
  const profileHeaders = withoutCredentials(apiTarget?.headers ?? [], credentials);
  // A generated command's header and cookie parameters are typed for this request: given by hand, as -H is.
  const operation = request.operation !== undefined;
  const command: FieldLayer = { source: "the command's parameter", entries: commandEntries(request.headers) };
  const flags = request.headerLayers.slice(-1);
  if (operation) refuseTwice(command.entries, flags[0]?.entries ?? []);
  const layers = [profileHeaders, ...[...request.headerLayers.slice(0, -1), command, ...flags].map((layer) => layer.entries)];
  let headers = withCookies(mergeLayers([defaults, ...layers], true), layers);
  let okapiHeaders = mergeLayers([defaults], true);
  if (body?.contentType !== undefined && getHeader(headers, 'content-type') === undefined) {
    headers = applyHeaderUpdate(headers, { 'Content-Type': body.contentType });
    okapiHeaders = applyHeaderUpdate(okapiHeaders, { 'Content-Type': body.contentType });
  }
  if (body?.charset !== undefined) refuseCharsetMismatch(body.charset, getHeader(headers, 'content-type'));
  const server = request.server;
  const typed = applyServerOverride(apiTarget?.url ?? normalizeTargetUrl(target, server), server);
  // A name the URL (or a command's query parameter, which is in it) sets replaces the profile's and
  // OKAPI_QUERY's defaults of that name, as -q does; -q itself adds to a URL, as HTTPie's `==` does.
  const typedQuery: FieldLayer = { source: operation ? "the command's parameter" : 'the URL', entries: [...typed.searchParams] };
  const notInUrl = (entries: [string, string][]) => entries.filter(([name]) => !typed.searchParams.has(name));
  const envQuery = request.queryLayers.map((layer) => layer.entries);
  const flagQuery = envQuery.pop() ?? [];
  const queryLayers = [withoutCredentials(apiTarget?.query ?? [], credentials), ...envQuery].map(notInUrl);
  queryLayers.push(operation ? notInCommand(typed.searchParams, flagQuery) : flagQuery);
  let url = appendQuery(typed, mergeLayers(queryLayers, false));
  if (apiTarget) url = new URL(applyUrlOverrides(url.href, apiTarget.overrides, `url_overrides of API ${apiTarget.api}`));
  if (request.headers) headers = applyHeaderUpdate(headers, deletions(request.headers));
  const tls = profileTlsPlan(request, config, apiTarget, url);
  return {
    method,
    url,
    headers,
    okapiHeaders,
    ...(body ? { body: body.bytes } : {}),
    ...(apiTarget ? { api: apiTarget.api, profile: apiTarget.profile } : {}),
    ...(tls ? { tls } : {}),
    ...(credentials && credentials.plans.length > 0
      ? { auth: credentials.plans, given: givenByHand([...request.headerLayers.slice(0, -1), ...(operation ? [command] : []), ...flags], [typedQuery, ...request.queryLayers], request.note) }
      : {}),
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
 * The credentials of a request to a registered API's own origin (credential-plans.ts): the operation
 * it is selects them, else the profile's `auth` applies as on any request.
 */
function credentialsOf(request: RequestDescription, target: ApiTarget | undefined, config: OkapiConfig): CredentialPlans | undefined {
  if (!target?.sameOrigin) {
    if (request.auth !== undefined) request.warn?.(`--okapi-auth ${request.auth} applies only to requests to a registered API's own origin; no credential was sent`);
    return undefined;
  }
  // Finding the operation of a generic request reads the API's command table: only when it can change what is sent.
  const mayMatter =
    request.operation !== undefined ||
    request.auth !== undefined ||
    profileHasCredentials(config, target.api, target.profile) ||
    [...target.headers, ...target.query].some(([name]) => isCredentialName(name));
  if (!mayMatter) return undefined;
  const byHand = [...target.headers, ...target.query, ...[...request.headerLayers, ...request.queryLayers].flatMap((layer) => layer.entries)].map(([name]) => name);
  const commandHeaders = Object.entries(request.headers ?? {}).flatMap(([name, value]) => (value === null ? [] : [name]));
  const supplied = [...byHand, ...commandHeaders].some((name) => isCredentialName(name));
  const operation = requestOperation(request.cacheDir, target.api, request.operation, request.method, target.path);
  const plans = planCredentials(
    {
      api: target.api,
      profile: target.profile,
      ...(operation ? { operation } : {}),
      ...(request.auth !== undefined ? { forced: request.auth } : {}),
      clientCertFlag: request.limits.clientCertPath !== undefined,
      ...(supplied ? { supplied: true } : {}),
      ...(request.noBrowser ? { noBrowser: true } : {}),
    },
    config,
  );
  if (plans.warning !== undefined) request.warn?.(plans.warning);
  return plans;
}

/** A public operation's request carries no credentials: the profile's credential-named entries are left out. */
function withoutCredentials(entries: [string, string][], credentials: CredentialPlans | undefined): [string, string][] {
  return credentials?.public ? entries.filter(([name]) => !isCredentialName(name)) : entries;
}

/** A command's own headers (a generated operation's header and cookie parameters, its body's Content-Type). */
function commandEntries(update: FieldUpdate | undefined): [string, string][] {
  return Object.entries(update ?? {}).flatMap(([name, value]) => (value === null ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, String(v)])));
}

/**
 * A header (or cookie) that both a generated command's parameter and -H give, with other values, is
 * refused: both were typed for this request and okapi cannot know which is meant. The body's
 * Content-Type is the encoding okapi chose, which -H may name otherwise, as on any request.
 */
function refuseTwice(command: [string, string][], typed: [string, string][]): void {
  for (const [name, value] of command) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') continue;
    const same = typed.filter(([n]) => n.toLowerCase() === lower);
    if (lower === 'cookie') {
      const mine = cookiePairsOf(same.map(([, v]) => v));
      for (const [cookie, pair] of cookiePairsOf([value])) {
        if (mine.some(([n, p]) => n === cookie && p !== pair)) {
          throw new UsageError(`the cookie ${cookie} is given twice, by the command's parameter and by -H 'Cookie: …', with different values (not shown): give it once`, { hint: twiceHint('-H') });
        }
      }
    } else if (same.length > 0 && !same.some(([, v]) => v === value)) {
      const shown = `by the command's parameter (${redactField(`${name}: ${value}`)}) and by -H '${redactField(`${same[0]![0]}: ${same[0]![1]}`)}'`;
      throw new UsageError(`the header ${name} is given twice, ${shown}: give it once`, { hint: twiceHint('-H') });
    }
  }
}

/** The -q entries a command's URL does not carry already; one it carries with another value is refused, likewise. */
function notInCommand(command: URLSearchParams, typed: [string, string][]): [string, string][] {
  return typed.filter(([name, value]) => {
    const mine = command.getAll(name);
    if (mine.length === 0 || mine.includes(value)) return mine.length === 0;
    const shown = `by the command's parameter (${redactField(`${name}=${mine[0]}`)}) and by -q '${redactField(`${name}=${value}`)}'`;
    throw new UsageError(`the query parameter ${name} is given twice, ${shown}: give it once`, { hint: twiceHint('-q') });
  });
}

const twiceHint = (flag: string) => `leave out the command's parameter to send ${flag}'s value, or the ${flag} to send the parameter's`;

/** Cookie entries of all layers merged by cookie name, a later layer's pairs replacing an earlier one's of the same name. */
function withCookies(headers: HeaderMap, layers: [string, string][][]): HeaderMap {
  const cookieLayers = layers.map((layer) => cookiePairsOf(layer.filter(([name]) => name.toLowerCase() === 'cookie').map(([, value]) => value)));
  if (cookieLayers.every((layer) => layer.length === 0)) return headers;
  const name = Object.keys(headers).find((n) => n.toLowerCase() === 'cookie')!;
  return { ...headers, [name]: [cookieLine(Object.entries(mergeLayers(cookieLayers, false)).flatMap(([cookie, pairs]) => pairs.map((pair): [string, string] => [cookie, pair])))] };
}

/** The headers a command deletes (null), applied last. */
function deletions(update: FieldUpdate): FieldUpdate {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value === null));
}
