/**
 * An API's base URL as a request to it starts from: the selected profile's `base_url`, else the
 * API's, checked to be an absolute http(s) URL without user information or a fragment. API-aware
 * requests (kernel/api/api-target.ts) and generated operations (plugins-builtin/operations/routing/)
 * agree on it; the config schema (kernel/config/config-schema.ts) refuses the same on every write,
 * and this check catches a file edited by hand.
 */
import type { ApiEntry, Profile } from './api-config.js';
import { OkapiError } from './errors.js';
import { shownUrl } from './url-overrides.js';

/**
 * An http(s) URL with no `@` before its path (user information) and no `#` (a fragment), for the
 * config schema; baseUrlProblem words what it refuses.
 */
export const BASE_URL = /^[hH][tT][tT][pP][sS]?:\/\/[^/?#@\\]+(?:[/?\\][^#]*)?$/;

/**
 * What is wrong with `text` as the base_url of API `api` (or of its `profile`), or undefined. A request to an API is
 * built from the base URL's origin, path and query: user information would be dropped (so a
 * request meant to be authenticated would go out without credentials) and a fragment is never sent.
 */
export function baseUrlProblem(text: string, api: string, profile = 'default'): string | undefined {
  const generic = 'is not an http or https URL such as https://api.example.com';
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return generic;
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') {
    return `carries user information, which okapi does not send from a base URL: remove it and give the credentials to a profile's auth (okapi api set ${api} 'profiles.${profile}.auth: {type: http-basic, params: {username: me, password: "env:API_PASSWORD"}}')`;
  }
  if (text.includes('#')) return 'has a fragment (#…), which is never sent: remove it';
  return BASE_URL.test(text) ? undefined : generic;
}

/** `profileName` names the selected profile's key in errors (`apis.shop.profiles.staging.base_url`). */
export function apiBaseUrl(api: string, entry: ApiEntry, profile: Profile | undefined, profileName = 'default'): URL {
  const own = profile?.base_url;
  const text = typeof own === 'string' && own !== '' ? own : entry.base_url;
  const hint = `set it with: okapi api set ${api} 'base_url: https://api.example.com'`;
  if (typeof text !== 'string' || text === '') throw new OkapiError(`API ${api} has no base_url`, { hint });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OkapiError(`the base_url of API ${api} ("${shownUrl(text)}") is not an absolute URL`, { hint });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OkapiError(`the base_url of API ${api} ("${shownUrl(text)}") is not an http or https URL`, { hint });
  }
  const problem = url.username !== '' || url.password !== '' || text.includes('#') ? baseUrlProblem(text, api, profileName) : undefined;
  if (problem !== undefined) {
    const key = `apis.${api}.${own === text ? `profiles.${profileName}.` : ''}base_url`;
    throw new OkapiError(`config: ${key}: "${shownUrl(text)}" ${problem}`, { hint: 'fix it with: okapi config edit' });
  }
  return url;
}
