/**
 * An API's base URL as a request to it starts from: the selected profile's `base_url`, else the
 * API's, checked to be an absolute http(s) URL. API-aware requests (kernel/api/api-target.ts) and
 * generated operations (plugins-builtin/operations/routing/) agree on it.
 */
import type { ApiEntry, Profile } from './api-config.js';
import { OkapiError } from './errors.js';
import { shownUrl } from './url-overrides.js';

export function apiBaseUrl(api: string, entry: ApiEntry, profile: Profile | undefined): URL {
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
  return url;
}
