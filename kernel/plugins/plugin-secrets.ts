/**
 * What a plugin is owed of the request's secrets (DESIGN.md §3 "Secrets", docs/design/012): unless
 * its manifest says `needs_auth_secrets: true`, secret auth params are left out and the headers
 * whose names are credentials' are sent as `<redacted>`. A secret param is one whose name the one
 * credential rule accepts (credential-names.ts), the api-key type's `value`, or one whose value came
 * from `env:` or `command:`. The request body travels only to plugins that list `request.final_body`.
 */
import type { PluginManifest, WireRequest } from '../../sdk/types.js';
import { isCredentialName, isSecretParam } from '../../sdk/shared/credential-names.js';
import { REDACTED } from '../../sdk/shared/redact.js';

export function requestForPlugin(request: WireRequest, manifest: PluginManifest): WireRequest {
  const headers: WireRequest['headers'] = {};
  for (const [name, values] of Object.entries(request.headers)) {
    const hidden = !manifest.needs_auth_secrets && isCredentialName(name);
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

/** `resolved`: the params' values; `fromReferences`: the names whose value came from `env:…` or `command:…`, secret whatever the name. */
export function authParamsForPlugin(fromReferences: ReadonlySet<string>, resolved: Record<string, string>, manifest: PluginManifest): Record<string, string> {
  if (manifest.needs_auth_secrets) return { ...resolved };
  return Object.fromEntries(Object.entries(resolved).filter(([name]) => !isSecretParam(name) && !fromReferences.has(name)));
}
