/**
 * Phase 4 of the pipeline (DESIGN.md §2): the auth plugin of each selected credential
 * (credential-plans.ts) adds its headers or query parameters, in order. The plugin gets only what it is owed: secret params and
 * credential headers only with `needs_auth_secrets`, and only for the APIs in `auth_api_names`
 * when it lists any.
 */
import type { AuthOutput, WireRequest } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { authParamsForPlugin, requestForPlugin } from '../plugins/plugin-secrets.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { ParamTemplates, type ParamLayer } from './param-templates.js';

export interface AuthPlan {
  type: string;
  params: Record<string, string>;
  /** The params `{name}` templates in `params` are filled from, in increasing precedence. */
  templateParams: ParamLayer[];
  /** Where `params` is in the config (`apis.x.profiles.default.auth.params`), for errors. */
  paramsPath: string;
  api: string;
  profile: string;
  /** The credential binding's id (AuthInput.credential); absent for the profile's own `auth`. */
  credential?: string;
  /** The shared auth profile (`auth_ref`) the auth is: its tokens are kept under its name (AuthInput.auth_profile). */
  authProfile?: string;
  /** `--okapi-no-browser` (AuthInput.no_browser). */
  noBrowser?: boolean;
}

export async function authenticate(
  request: WireRequest,
  auth: AuthPlan,
  registry: PluginRegistry,
  env: NodeJS.ProcessEnv,
  /** The answer given before was refused with a 401 (renew-after-401.ts). */
  renew = false,
): Promise<AuthOutput> {
  const owner = `the ${auth.type} auth of API ${auth.api} (profile ${auth.profile}${auth.credential !== undefined ? `, credential ${auth.credential}` : ''})`;
  // A disabled or refused plugin owns nothing, but is named so the error can say why it is not used.
  const plugin = registry.container.owner('auth', auth.type) ?? registry.records.find((r) => r.name === auth.type && r.manifest?.hooks?.includes('auth'));
  if (!plugin) {
    throw new OkapiError(`${owner} needs an auth plugin named "${auth.type}", and there is none`, {
      hint: "see 'okapi plugin list' for the plugins with the auth hook, or change the profile's auth.type",
    });
  }
  if (!plugin.enabled) {
    throw new OkapiError(`${owner} needs the plugin ${plugin.name}, which is disabled in the config`, {
      hint: `okapi config set 'plugins.${plugin.name}.enabled: true'`,
    });
  }
  const served = plugin.manifest?.auth_api_names ?? [];
  if (served.length > 0 && !served.includes(auth.api)) {
    throw new OkapiError(`plugin ${plugin.name} does not authenticate API ${auth.api}: its auth_api_names are ${served.join(', ')}`, {
      hint: "choose another auth type for this API's profile",
    });
  }
  const resolved = resolveAuthParams(auth, owner, env);
  const params = authParamsForPlugin(resolved.fromReferences, resolved.values, plugin.manifest!);
  return registry.container.call(plugin, 'auth', {
    api: auth.api,
    profile: auth.profile,
    ...(auth.credential !== undefined ? { credential: auth.credential } : {}),
    ...(auth.authProfile !== undefined ? { auth_profile: auth.authProfile } : {}),
    params,
    request: requestForPlugin(request, plugin.manifest!),
    ...(auth.noBrowser ? { no_browser: true } : {}),
    ...(renew ? { renew: true } : {}),
  });
}

/**
 * The auth params' values: `env:`/`command:` ones read, literal ones with their `{name}` templates
 * filled; with the names whose value came (wholly or through a template) from a reference.
 */
function resolveAuthParams(auth: AuthPlan, owner: string, env: NodeJS.ProcessEnv): { values: Record<string, string>; fromReferences: Set<string> } {
  const templates = new ParamTemplates(auth.templateParams, owner, { api: auth.api, path: `profiles.${auth.profile}.params` }, env);
  const values: Record<string, string> = {};
  const fromReferences = new Set<string>();
  for (const [name, value] of Object.entries(auth.params)) {
    const resolved = templates.resolve(name, value, `${auth.paramsPath}.${name}`);
    values[name] = resolved.text;
    if (resolved.fromReference) fromReferences.add(name);
  }
  return { values, fromReferences };
}
