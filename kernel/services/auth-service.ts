/**
 * The auth service (sdk/services.ts AuthService): the credentials a request to an API would carry
 * and what their auth plugins set, planned by credential-plans.ts and run by the auth phase, the
 * very code a request goes through, on a GET of the API's base URL. `okapi api auth get | inspect`
 * print it; the answer holds secrets, so the service never logs it.
 */
import type { AuthQuery, AuthResolution, AuthService, ResolvedCredential } from '../../sdk/services.js';
import type { FieldUpdate, WireRequest } from '../../sdk/types.js';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import type { OkapiConfig } from '../config/document.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { resolveApiTarget } from '../api/api-target.js';
import { operationNamed } from '../api/operation-match.js';
import type { SecuredOperation } from '../../sdk/shared/security-selection.js';
import { readOperationIndex } from '../api/index-read.js';
import { planCredentials } from '../pipeline/credential-plans.js';
import { authenticate } from '../pipeline/auth-phase.js';
import { checkedApiName } from './api-name-check.js';

export interface AuthServiceHost {
  /** The config as the file holds it now. */
  config: () => Promise<OkapiConfig>;
  cacheDir: string;
  /** Loaded when a credential is to be computed: a profile without auth needs no plugin. */
  registry: () => Promise<PluginRegistry>;
  env: NodeJS.ProcessEnv;
  /** `--okapi-client-cert` was given to this run: a mutualTLS requirement is met. */
  clientCertFlag: boolean;
  noBrowser: boolean;
}

export function authService(host: AuthServiceHost): AuthService {
  return {
    async resolve(query) {
      const api = checkedApiName(query.api);
      const config = await host.config();
      const target = resolveApiTarget(config, '', query.profile, host.env, api)!;
      const operation = query.operation !== undefined ? operationOf(host.cacheDir, api, query.operation) : undefined;
      const { plans, warning } = planCredentials(
        {
          api,
          profile: target.profile,
          ...(operation ? { operation } : {}),
          ...(query.credential !== undefined ? { forced: query.credential } : {}),
          clientCertFlag: host.clientCertFlag,
          ...(host.noBrowser ? { noBrowser: true } : {}),
        },
        config,
      );
      const request: WireRequest = { method: 'GET', url: target.url.href, headers: {} };
      const registry = plans.length > 0 ? await host.registry() : undefined;
      const credentials: ResolvedCredential[] = [];
      for (const plan of plans) {
        const update = await authenticate(request, plan, registry!, host.env);
        credentials.push({
          ...(plan.credential !== undefined ? { credential: plan.credential } : {}),
          type: plan.type,
          ...(plan.authProfile !== undefined ? { auth_profile: plan.authProfile } : {}),
          headers: valuesOf(update.headers),
          query: valuesOf(update.query),
        });
      }
      return { profile: target.profile, ...(operation ? { operation: operation.name } : {}), credentials, ...(warning !== undefined ? { warning } : {}) } satisfies AuthResolution;
    },
  };
}

/** A generated operation by command name, alias or operationId, from the API's operation index. */
function operationOf(cacheDir: string, api: string, wanted: AuthQuery['operation'] & string): SecuredOperation {
  const index = readOperationIndex(cacheDir, api);
  if (!index) {
    throw new OkapiError(`API ${api} has no cached operations, so it has no operation "${wanted}"`, { hint: `okapi api sync ${api}` });
  }
  const found = index.operations.find((op) => op.name === wanted || op.operation_id === wanted || op.aliases?.includes(wanted));
  const operation = found && operationNamed(cacheDir, api, found.name);
  if (!operation) throw new UsageError(`API ${api} has no operation "${wanted}"`, { hint: `okapi ${api} --help lists its operations` });
  return operation;
}

/** An auth answer's fields as the values they set, names as the answer wrote them: a deletion sets none. */
function valuesOf(update: FieldUpdate | undefined): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(update ?? {})) {
    if (value !== null) values[name] = Array.isArray(value) ? value.map(String) : [String(value)];
  }
  return values;
}
