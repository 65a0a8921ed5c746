/**
 * What a plugin is owed of the request's secrets (DESIGN.md §3 "Secrets"): unless its manifest says
 * `needs_auth_secrets: true`, secret auth params are left out and credential-bearing headers are sent
 * as `<redacted>`. The request body travels only to plugins that list `request.final_body`.
 */
import type { PluginManifest, WireRequest } from '../../sdk/types.js';

export const REDACTED = '<redacted>';

const CREDENTIAL_REQUEST_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const SECRET_PARAM = /(token|secret|password|passwd|passphrase|credential|private|^value$|(^|_)key$)/i;

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name);
}

export function requestForPlugin(request: WireRequest, manifest: PluginManifest): WireRequest {
  const headers: WireRequest['headers'] = {};
  for (const [name, values] of Object.entries(request.headers)) {
    const hidden = !manifest.needs_auth_secrets && CREDENTIAL_REQUEST_HEADERS.has(name.toLowerCase());
    headers[name] = hidden ? values.map(() => REDACTED) : [...values];
  }
  const wantsBody = manifest.required_features?.includes('request.final_body') ?? false;
  return {
    method: request.method,
    url: request.url,
    headers,
    ...(wantsBody && request.body !== undefined ? { body: request.body } : {}),
  };
}

export function authParamsForPlugin(params: Record<string, string>, manifest: PluginManifest): Record<string, string> {
  if (manifest.needs_auth_secrets) return { ...params };
  return Object.fromEntries(Object.entries(params).filter(([name]) => !isSecretParam(name)));
}
