/**
 * The auth a request to a registered API runs (phase 4), planned before anything is sent: the
 * operation it is (kernel/api/operation-match.ts), the credentials its security requirements
 * select from the profile (sdk/shared/security-selection.ts), and each selected credential's auth
 * object, inline or a shared `auth_profiles.<name>` one (`auth_ref`). A missing binding fails here,
 * so nothing reaches the network.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { apiEntry, profilesOf, stringMap, type Profile } from '../../sdk/shared/api-config.js';
import { parseForcedAuth, selectCredentials, type SecuredOperation, type SelectionInput } from '../../sdk/shared/security-selection.js';
import type { OkapiConfig } from '../config/document.js';
import { operationNamed, operationOfRequest } from '../api/operation-match.js';
import type { AuthPlan } from './auth-phase.js';
import type { ParamLayer } from './param-templates.js';

export interface CredentialRequest extends Pick<SelectionInput, 'api' | 'profile' | 'operation' | 'supplied'> {
  /** `--okapi-auth`, as typed. */
  forced?: string;
  /** `--okapi-client-cert` was given. */
  clientCertFlag: boolean;
  noBrowser?: boolean;
}

export interface CredentialPlans {
  plans: AuthPlan[];
  /** The operation is public (`security: []`) and nothing was forced: credential headers are left out too. */
  public: boolean;
  warning?: string;
}

/** The operation a request is: the one a command named, or the one cached operation a generic `<api>/<path>` matches. */
export function requestOperation(cacheDir: string | undefined, api: string, named: string | undefined, method: string, path: string | undefined): SecuredOperation | undefined {
  if (cacheDir === undefined) return undefined;
  if (named !== undefined) return operationNamed(cacheDir, api, named);
  return path !== undefined ? operationOfRequest(cacheDir, api, method, path) : undefined;
}

/**
 * Whether a profile has anything an operation's requirements could select or suppress: its own
 * auth, bindings, a client certificate. A generic request of a profile without any needs no
 * operation looked up.
 */
export function profileHasCredentials(config: OkapiConfig, api: string, profileName: string): boolean {
  const entry = apiEntry(config, api);
  const profile = entry ? profilesOf(entry)[profileName] : undefined;
  if (!isPlainObject(profile)) return false;
  return profile.auth !== undefined || profile.auth_ref !== undefined || profile.client_cert !== undefined || (isPlainObject(profile.credentials) && Object.keys(profile.credentials).length > 0);
}

export function planCredentials(request: CredentialRequest, config: OkapiConfig): CredentialPlans {
  const { api, profile: profileName, operation } = request;
  const entry = apiEntry(config, api);
  const found = entry ? profilesOf(entry)[profileName] : undefined;
  const profile: Profile = isPlainObject(found) ? found : {};
  const bindings = isPlainObject(profile.credentials) ? profile.credentials : {};
  const profilePath = `apis.${api}.profiles.${profileName}`;
  const profileAuth = authOf(profile, profilePath, `profile ${profileName} of API ${api}`, config);
  const { selection, warning } = selectCredentials({
    api,
    profile: profileName,
    ...(operation ? { operation } : {}),
    hasProfileAuth: profileAuth !== undefined,
    credentials: Object.fromEntries(Object.entries(bindings).map(([id, b]) => [id, isPlainObject(b) && Array.isArray(b.satisfies) ? b.satisfies.filter((s): s is string => typeof s === 'string') : undefined])),
    ...(request.forced !== undefined ? { forced: parseForcedAuth(request.forced) } : {}),
    clientCertificate: request.clientCertFlag || typeof profile.client_cert === 'string',
    ...(request.supplied ? { supplied: true } : {}),
  });
  const common = { api, profile: profileName, ...(request.noBrowser ? { noBrowser: true } : {}) };
  // `{name}` templates in auth params are filled from the profile's params, a binding's over them.
  const profileParams: ParamLayer = { params: stringMap(profile.params), path: `${profilePath}.params` };
  let plans: AuthPlan[] = [];
  if (selection.kind === 'profile' && profileAuth) plans = [{ ...profileAuth, ...common, templateParams: [profileParams] }];
  if (selection.kind === 'credentials') {
    plans = selection.ids.map((id) => {
      const binding = bindings[id];
      const bindingParams: ParamLayer = { params: stringMap(isPlainObject(binding) ? binding.params : undefined), path: `${profilePath}.credentials.${id}.params` };
      return { ...bindingAuth(binding, id, config, api, profileName), ...common, credential: id, templateParams: [profileParams, bindingParams] };
    });
  }
  return { plans, public: operation?.security?.length === 0 && request.forced === undefined, ...(warning !== undefined ? { warning } : {}) };
}

type ResolvedAuth = Pick<AuthPlan, 'type' | 'params' | 'paramsPath' | 'authProfile'>;

/** A profile's or a binding's `auth` (at `path` in the config), else the shared auth profile its `auth_ref` names. */
function authOf(holder: unknown, path: string, owner: string, config: OkapiConfig): ResolvedAuth | undefined {
  if (!isPlainObject(holder)) return undefined;
  if (isPlainObject(holder.auth) && typeof holder.auth.type === 'string') {
    return { type: holder.auth.type, params: stringMap(holder.auth.params), paramsPath: `${path}.auth.params` };
  }
  return typeof holder.auth_ref === 'string' ? sharedAuth(config, holder.auth_ref, owner) : undefined;
}

function bindingAuth(binding: unknown, id: string, config: OkapiConfig, api: string, profileName: string): ResolvedAuth {
  const owner = `credential ${id} of profile ${profileName} of API ${api}`;
  const auth = authOf(binding, `apis.${api}.profiles.${profileName}.credentials.${id}`, owner, config);
  if (auth) return auth;
  throw new OkapiError(`${owner} says neither how to authenticate (auth) nor which shared auth profile to use (auth_ref); nothing was sent`, {
    hint: `okapi api set ${api} 'profiles.${profileName}.credentials.${id}.auth: {type: bearer, params: {token: env:TOKEN}}'`,
  });
}

/** `auth_profiles.<name>` at the top of the config: an auth object shared by APIs; its tokens are its own. */
function sharedAuth(config: OkapiConfig, name: string, owner: string): ResolvedAuth {
  const profiles = isPlainObject(config.auth_profiles) ? config.auth_profiles : {};
  const shared = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (!isPlainObject(shared) || typeof shared.type !== 'string') {
    const known = Object.keys(profiles);
    throw new OkapiError(`${owner} uses the shared auth profile "${name}" (auth_ref), and the config has no auth_profiles.${name} with a type`, {
      hint: known.length > 0 ? `the shared auth profiles: ${known.join(', ')}` : `okapi config set 'auth_profiles.${name}: {type: bearer, params: {token: env:TOKEN}}'`,
    });
  }
  return { type: shared.type, params: stringMap(shared.params), paramsPath: `auth_profiles.${name}.params`, authProfile: name };
}
