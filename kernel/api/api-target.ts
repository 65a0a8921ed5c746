/**
 * API-aware requests (SPEC.md "What the service does" 2): a target `<api>/<path>` whose first
 * segment names a registered API goes to that API's base URL (the profile's wins), with the
 * selected profile's headers and query as the lowest layer, and `url_overrides` applied last
 * (sdk/shared/url-overrides.ts, the same rewrite generated operations get). Only the one API named
 * is read from the config. `{name}` templates in the profile's header and query values are filled
 * from its `params` here; those of its auth params in the auth phase (param-templates.ts).
 */
import type { OkapiConfig } from '../config/document.js';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import { headerEntry, queryEntry } from '../pipeline/request-fields.js';
import { redactField, redactUrl } from '../../sdk/shared/redact.js';
import { apiEntry, DEFAULT_PROFILE, profilesOf, stringList, stringMap, type ApiEntry, type Profile } from '../../sdk/shared/api-config.js';
import { apiNameLengthProblem } from '../../sdk/shared/api-names.js';
import { applyUrlOverrides } from '../../sdk/shared/url-overrides.js';
import { apiBaseUrl } from '../../sdk/shared/api-base-url.js';
import { ParamTemplates, type ParamLayer } from '../pipeline/param-templates.js';
import { PROFILE_TLS_FIELDS, type ProfileTlsField } from '../../sdk/shared/profile-tls.js';

export interface ApiTarget {
  api: string;
  profile: string;
  url: URL;
  /** base_url's own query (encoded, without `?`): the lowest layer of an `<api>/<path>` target's query, under the profile's. */
  baseQuery: string;
  /** Lowest-precedence layers, as [name, value] pairs. */
  headers: [string, string][];
  query: [string, string][];
  /** API-level `url_overrides`, extended and overridden by the profile's. */
  overrides: Record<string, string>;
  /** For an `<api>/<path>` target, the path typed after the API's name (no query): it may name an operation. */
  path?: string;
  /** The URL is on the API's own origin: the only one its profile's credentials go to. */
  sameOrigin: boolean;
  /** The profile's TLS files as written (a path may be relative to the config file), for requests to the API's own origin. */
  tls?: Pick<Profile, ProfileTlsField>;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The registered API a target names by its first segment (`example/items` → `example`), if any. */
export function apiNameOf(target: string, config: OkapiConfig): string | undefined {
  const text = target.trim();
  if (text === '' || text.startsWith(':') || HAS_SCHEME.test(text)) return undefined;
  const end = text.search(/[/?#]/);
  const name = end === -1 ? text : text.slice(0, end);
  return apiEntry(config, name) ? name : undefined;
}

/**
 * Resolves `target` against a registered API: the one its first segment names, or `explicitApi`
 * (a command plugin's `api` field), for which a relative target is relative to the base URL and an
 * absolute one gets the profile's headers only on the API's own origin. Undefined: not API-aware.
 */
export function resolveApiTarget(
  config: OkapiConfig,
  target: string,
  profileName: string | undefined,
  /** The run's environment, which a profile's `env:` params read. */
  env: NodeJS.ProcessEnv,
  explicitApi?: string,
): ApiTarget | undefined {
  let api = explicitApi;
  let rest: string;
  if (api !== undefined) {
    const tooLong = apiNameLengthProblem(api);
    if (tooLong) throw new OkapiError(`a request names an API that cannot exist: ${tooLong}`, { hint: "see 'okapi api list'" });
    if (!apiEntry(config, api)) {
      throw new OkapiError(`there is no registered API named "${api}"`, { hint: "see 'okapi api list'" });
    }
    rest = target.trim();
  } else {
    api = apiNameOf(target, config);
    if (api === undefined) return undefined;
    rest = target.trim().slice(api.length);
  }
  const entry = apiEntry(config, api)!;
  const profileKey = profileName ?? DEFAULT_PROFILE;
  const profile = selectProfile(api, entry, profileKey);
  const base = apiBaseUrl(api, entry, profile, profileKey);

  const overrides = { ...stringMap(entry.url_overrides), ...stringMap(profile.url_overrides) };
  let url: URL;
  let sameOrigin = true;
  // An absolute URL a command chose (a generated operation's) is final: it was routed with the
  // url_overrides applied (sdk/shared/url-overrides.ts), so they are not applied twice, and the
  // API's origin is the base URL's as rewritten too.
  const chosen = HAS_SCHEME.test(rest);
  const baseQuery = chosen ? '' : base.search.slice(1);
  if (chosen) {
    url = parseUrl(rest, target);
    sameOrigin = onApiOrigin(url, base, overrides, api);
  } else {
    url = joinBase(base, rest, target);
  }
  const profilePath = `apis.${api}.profiles.${profileKey}`;
  const templateParams: ParamLayer[] = [{ params: stringMap(profile.params), path: `${profilePath}.params` }];
  const templates = new ParamTemplates(templateParams, `profile ${profileKey} of API ${api}`, { api, path: `profiles.${profileKey}.params` }, env);
  const expand = ([name, value]: [string, string], where: string): [string, string] => [name, templates.expand(value, where).text];
  const tls = sameOrigin ? profileTls(profile) : undefined;
  return {
    api,
    profile: profileKey,
    url,
    baseQuery,
    // Credentials in profile headers never go to another origin.
    headers: sameOrigin ? stringList(profile.headers).map((h, i) => expand(headerPair(h, api!, profileKey), `${profilePath}.headers[${i}]`)) : [],
    query: sameOrigin ? stringList(profile.query).map((q, i) => expand(queryPair(q, api!, profileKey), `${profilePath}.query[${i}]`)) : [],
    overrides: chosen ? {} : overrides,
    sameOrigin,
    ...(explicitApi === undefined ? { path: typedPath(rest) } : {}),
    ...(tls ? { tls } : {}),
  };
}

/**
 * The selected profile's TLS files for a request that is not API-aware but is made for the API
 * (`tls_api`: fetching its description at `api connect` and `api sync`), when `url` is on the
 * API's own origin (its base URL's, or that as url_overrides rewrite it); its headers and auth
 * are not used.
 */
export function profileTlsForUrl(config: OkapiConfig, api: string, profileName: string | undefined, url: URL): { api: string; profile: string; tls: Pick<Profile, ProfileTlsField> } | undefined {
  const entry = apiEntry(config, api);
  if (!entry) throw new OkapiError(`a request asks for the TLS files of API "${api}", but there is no registered API named "${api}"`, { hint: "see 'okapi api list'" });
  const profileKey = profileName ?? DEFAULT_PROFILE;
  const profile = selectProfile(api, entry, profileKey);
  const tls = profileTls(profile);
  if (!tls) return undefined;
  const overrides = { ...stringMap(entry.url_overrides), ...stringMap(profile.url_overrides) };
  return onApiOrigin(url, apiBaseUrl(api, entry, profile, profileKey), overrides, api) ? { api, profile: profileKey, tls } : undefined;
}

/** Whether `url` is on the API's own origin: its base URL's, or that as url_overrides rewrite it. */
function onApiOrigin(url: URL, base: URL, overrides: Record<string, string>, api: string): boolean {
  const rewritten = new URL(applyUrlOverrides(base.href, overrides, `url_overrides of API ${api}`));
  return url.origin === base.origin || url.origin === rewritten.origin;
}

/** The TLS fields the profile sets, or undefined when it sets none. */
function profileTls(profile: Profile): Pick<Profile, ProfileTlsField> | undefined {
  const fields = PROFILE_TLS_FIELDS.filter((field) => profile[field] !== undefined);
  return fields.length > 0 ? Object.fromEntries(fields.map((field) => [field, profile[field]])) : undefined;
}

function selectProfile(api: string, entry: ApiEntry, name: string): Profile {
  const profiles = profilesOf(entry);
  const profile = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (profile !== undefined && profile !== null && typeof profile === 'object') return profile;
  if (name !== DEFAULT_PROFILE) {
    const known = Object.keys(profiles);
    throw new UsageError(`API ${api} has no profile "${name}"`, {
      hint: known.length > 0 ? `its profiles: ${known.join(', ')}` : `add one with: okapi api set ${api} 'profiles.${name}: {}'`,
    });
  }
  return {};
}

/** `base` + `/items?x=1`, joined as text so nothing already escaped is escaped twice. */
function joinBase(base: URL, rest: string, typed: string): URL {
  const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  let tail = rest;
  if (tail !== '' && !tail.startsWith('/') && !tail.startsWith('?') && !tail.startsWith('#')) tail = `/${tail}`;
  if (tail === '' || tail.startsWith('?') || tail.startsWith('#')) tail = `${base.pathname.endsWith('/') ? '/' : ''}${tail}`;
  // base_url's own query (an api-version, say) is not the typed URL's: planning puts it under every other layer.
  return parseUrl(`${prefix}${tail}`, typed);
}

function parseUrl(text: string, typed: string): URL {
  if (!URL.canParse(text)) throw new UsageError(`"${redactUrl(typed)}" does not make a valid URL`);
  return new URL(text);
}

function headerPair(entry: string, api: string, profile: string): [string, string] {
  const pair = headerEntry(entry);
  if (pair) return pair;
  throw new OkapiError(`profile ${profile} of API ${api} has a header "${redactField(entry)}" that is not "Name: value"`, {
    hint: `fix it with: okapi config edit`,
  });
}

function queryPair(entry: string, api: string, profile: string): [string, string] {
  const pair = queryEntry(entry);
  if (pair) return pair;
  throw new OkapiError(`profile ${profile} of API ${api} has a query entry "${redactField(entry)}" that is not "key=value"`, {
    hint: `fix it with: okapi config edit`,
  });
}

/** `/pets/42?x=1` → `/pets/42`: the path part of what was typed after the API's name. */
function typedPath(rest: string): string {
  const path = rest.split(/[?#]/, 1)[0]!;
  return path.startsWith('/') ? path : `/${path}`;
}
