/**
 * Phase 2 of the pipeline: from what the user gave (method, URL text, body) to the request plan —
 * the final URL (server override, query layers) and headers in precedence order: okapi's defaults,
 * then the registered API's profile (an `<api>/<path>` target), then OKAPI_HEADER, then a command's
 * own headers, then -H; cookies merge by name in that order, and an empty Cookie clears the lower
 * layers' as an empty value of any header does. The query: what the configuration and the
 * description wrote (base_url's; a generated command's server and path key), then the profile's,
 * then OKAPI_QUERY, then what the user typed (the URL's own query, or a generated command's query
 * parameters), then -q. The API's `url_overrides` rewrite the URL last. The plan remembers which
 * headers are okapi's own (its defaults and a body's Content-Type, as okapi set them): every other
 * header is bound to the first origin, and a redirect to another origin drops it. It also carries
 * the auth to run (the credentials the request's operation selects, credential-plans.ts) and what
 * the user gave by hand, which their answers do not replace (hand-given.ts).
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
import { FLAG_HEADERS, FLAG_QUERY, type FieldLayer, type RequestDescription } from './request-description.js';
import { layerQueries, queryEntries, queryEntryName } from '../../sdk/shared/query-layers.js';
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
  const command: FieldLayer = { source: COMMAND_PARAMETER, entries: commandEntries(request.headers) };
  const [envHeaders, flags] = bySource(request.headerLayers, FLAG_HEADERS);
  if (operation) refuseTwice(command.entries, flags.flatMap((layer) => layer.entries));
  const layers = [profileHeaders, ...[...envHeaders, command, ...flags].map((layer) => layer.entries)];
  let headers = withCookies(mergeLayers([defaults, ...layers], true), layers);
  let okapiHeaders = mergeLayers([defaults], true);
  if (body?.contentType !== undefined && getHeader(headers, 'content-type') === undefined) {
    headers = applyHeaderUpdate(headers, { 'Content-Type': body.contentType });
    okapiHeaders = applyHeaderUpdate(okapiHeaders, { 'Content-Type': body.contentType });
  }
  if (body?.charset !== undefined) refuseCharsetMismatch(body.charset, getHeader(headers, 'content-type'));
  const server = request.server;
  const typed = applyServerOverride(apiTarget?.url ?? normalizeTargetUrl(target, server), server);
  const { written, typedQuery } = typedAndWritten(request, typed, apiTarget);
  // A name typed (in the URL, or as a command's query parameter) replaces every lower layer's values
  // of it, as -q does; -q itself adds to what was typed, as HTTPie's `==` does.
  const typedNames = new Set(typedQuery.entries.map(([name]) => name));
  const notTyped = (entries: [string, string][]) => entries.filter(([name]) => !typedNames.has(name));
  const [envQuery, flagQuery] = bySource(request.queryLayers, FLAG_QUERY);
  const flagEntries = flagQuery.flatMap((layer) => layer.entries);
  const queryLayers = [withoutCredentials(apiTarget?.query ?? [], credentials), ...envQuery.map((layer) => layer.entries)].map(notTyped);
  queryLayers.push(operation ? notInCommand(typedQuery.entries, flagEntries) : flagEntries);
  // What the configuration and the description wrote lies under every layer: what the user typed
  // replaces it by name (layerQueries), and so does each layer appendQuery adds above it.
  const layered = new Set(queryLayers.flat().map(([name]) => name));
  const writtenBelow = queryEntries(written).filter((entry) => !layered.has(queryEntryName(entry)));
  let sent = typed;
  if (writtenBelow.length > 0 || request.query !== undefined) {
    sent = new URL(typed);
    sent.search = layerQueries([writtenBelow.join('&'), typedQuery.text]);
  }
  let url = appendQuery(sent, mergeLayers(queryLayers, false));
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
      ? { auth: credentials.plans, given: givenByHand([...envHeaders, ...(operation ? [command] : []), ...flags], [typedQuery, ...envQuery, ...flagQuery], request.note) }
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

/** The -q entries a command's query parameters do not give already; one they give with another value is refused, likewise. */
function notInCommand(command: [string, string][], typed: [string, string][]): [string, string][] {
  for (const [name, value] of typed) {
    const mine = command.filter(([n]) => n === name).map(([, v]) => v);
    if (mine.length === 0 || mine.includes(value)) continue;
    const shown = `by the command's parameter (${redactField(`${name}=${mine[0]}`)}) and by -q '${redactField(`${name}=${value}`)}'`;
    throw new UsageError(`the query parameter ${name} is given twice, ${shown}: give it once`, { hint: twiceHint('-q') });
  }
  return typed.filter(([name]) => !command.some(([n]) => n === name));
}

/**
 * The query the user typed, as a layer, and the one the configuration and the description wrote
 * under it (encoded). A generated command says which of its URL's entries its parameters wrote
 * (`query`): the others are its base_url's, server's and path key's. Otherwise the URL is as typed,
 * and an API's base_url's own query is written under it.
 */
function typedAndWritten(request: RequestDescription, url: URL, apiTarget: ApiTarget | undefined): { written: string; typedQuery: FieldLayer & { text: string } } {
  const inUrl = url.search.slice(1);
  const source = request.operation !== undefined ? COMMAND_PARAMETER : 'the URL';
  if (request.query === undefined) {
    // Most URLs have no query: asking for searchParams would build one for nothing.
    const entries: [string, string][] = inUrl === '' ? [] : [...url.searchParams];
    return { written: apiTarget?.baseQuery ?? '', typedQuery: { source, entries, text: inUrl } };
  }
  const own = new Set(queryEntries(request.query).map(queryEntryName));
  const written = queryEntries(inUrl).filter((entry) => !own.has(queryEntryName(entry)));
  return { written: written.join('&'), typedQuery: { source, entries: [...new URLSearchParams(request.query)], text: request.query } };
}

const COMMAND_PARAMETER = "the command's parameter";

/** The layers other than the command line's own (by their source), and the command line's: the top ones. */
function bySource(layers: FieldLayer[], flag: string): [FieldLayer[], FieldLayer[]] {
  return [layers.filter((layer) => layer.source !== flag), layers.filter((layer) => layer.source === flag)];
}

const twiceHint = (flag: string) => `leave out the command's parameter to send ${flag}'s value, or the ${flag} to send the parameter's`;

/**
 * Cookie entries of all layers merged by cookie name, a later layer's pairs replacing an earlier
 * one's of the same name. An empty Cookie entry (-H 'Cookie:') names no cookie but clears every
 * lower layer's, as an empty value of any other header replaces its lower values.
 */
function withCookies(headers: HeaderMap, layers: [string, string][][]): HeaderMap {
  const values = layers.map((layer) => layer.filter(([name]) => name.toLowerCase() === 'cookie').map(([, value]) => value));
  const cleared = Math.max(0, values.findLastIndex((layer) => layer.includes('')));
  const cookieLayers = values.slice(cleared).map((layer) => cookiePairsOf(layer));
  if (cookieLayers.every((layer) => layer.length === 0)) return headers;
  const name = Object.keys(headers).find((n) => n.toLowerCase() === 'cookie')!;
  return { ...headers, [name]: [cookieLine(Object.entries(mergeLayers(cookieLayers, false)).flatMap(([cookie, pairs]) => pairs.map((pair): [string, string] => [cookie, pair])))] };
}

/** The headers a command deletes (null), applied last. */
function deletions(update: FieldUpdate): FieldUpdate {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value === null));
}
