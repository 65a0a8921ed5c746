/**
 * A command session's host-service requests (docs/design/016-host-services.md): checked for their
 * shape by protocol-check.ts, then answered by the very objects a built-in command gets in-process,
 * which check what they mean (names, paths, sizes). Nothing in an answer or an error carries a
 * token's value but the `get-token` and `resolve-auth` answers themselves.
 */
import type { WireMessage } from '../../sdk/codec.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { ConfigEdit, TokenClearScope, TokenStore } from '../../sdk/services.js';
import type { CommandEntry } from '../../sdk/shared/operation-detail-format.js';
import type { CommandContext } from '../../sdk/types.js';
import type { Checked, FieldRules } from './protocol-check.js';

/** A token scope (TokenScope): the names a token is kept under. */
const TOKEN_SCOPE = { api: 'string', profile: 'string?', credential: 'string?', auth_profile: 'string?' } as const;

/** Each request type, its answer type, and the fields it needs (checked in protocol-check.ts). */
export const SERVICE_REQUESTS = {
  'read-config': { answer: 'config', fields: {} },
  'read-config-text': { answer: 'config-text', fields: {} },
  'patch-config': { answer: 'config', fields: { edits: 'list', revision: 'string?' } },
  'validate-config': { answer: 'config-problem', fields: { text: 'string' } },
  'replace-config': { answer: 'config', fields: { text: 'string' } },
  'get-api': { answer: 'api', fields: { name: 'string' } },
  'save-api': {
    answer: 'api-saved',
    fields: { name: 'string', entry: 'map', revision: 'string?', index: 'map?', details: 'map?', spec: 'bytes?' },
  },
  'remove-api': { answer: 'api-removed', fields: { name: 'string' } },
  'read-spec': { answer: 'spec', fields: { name: 'string' } },
  'read-index': { answer: 'index', fields: { name: 'string' } },
  'read-commands': { answer: 'commands', fields: { name: 'string', summaries: 'boolean?', named: 'strings?' } },
  'read-operation': { answer: 'operation', fields: { name: 'string', command: { name: 'string', at: 'list' } } },
  'get-token': { answer: 'token', fields: { scope: TOKEN_SCOPE, key: 'string' } },
  'set-token': { answer: 'token-set', fields: { scope: TOKEN_SCOPE, key: 'string', value: 'string' } },
  'delete-token': { answer: 'token-deleted', fields: { scope: TOKEN_SCOPE, key: 'string' } },
  'clear-tokens': {
    answer: 'tokens-cleared',
    fields: { scope: { api: 'string?', profile: 'string?', all_profiles: 'boolean?', auth_profile: 'string?' } },
  },
  'clear-responses': { answer: 'responses-cleared', fields: { api: 'string?' } },
  'resolve-auth': {
    answer: 'auth-resolved',
    fields: { api: 'string', profile: 'string?', credential: 'string?', operation: 'string?' },
  },
} as const satisfies Record<string, { answer: string; fields: FieldRules }>;

type ServiceRequests = typeof SERVICE_REQUESTS;
export type ServiceRequestType = keyof ServiceRequests;

/** A service request as commandMessageProblem lets it through: its fields are what its rules say. */
type ServiceRequest = {
  [T in ServiceRequestType]: { type: T; id: number } & Checked<ServiceRequests[T]['fields']>;
}[ServiceRequestType];

export function isServiceRequest(type: string): type is ServiceRequestType {
  return Object.hasOwn(SERVICE_REQUESTS, type);
}

const TOKEN_REQUEST_TYPES = ['get-token', 'set-token', 'delete-token'] as const satisfies ServiceRequestType[];
const TOKEN_REQUESTS = new Set<string>(TOKEN_REQUEST_TYPES);
type TokenRequest = Extract<ServiceRequest, { type: (typeof TOKEN_REQUEST_TYPES)[number] }>;

/** The requests an auth hook's session may make: the token store's, and no other service. */
export function isTokenRequest(type: string): boolean {
  return TOKEN_REQUESTS.has(type);
}

/** Answers a service request commandMessageProblem let through, with the host's services; errors become `error` answers. */
export function answerServiceRequest(message: WireMessage, host: CommandContext): Promise<{ type: string } & Record<string, unknown>> {
  const request = message as ServiceRequest;
  return answered(request, () => serve(request, host));
}

/** Answers one token request (an auth hook's session) authMessageProblem let through, with the token store. */
export function answerTokenRequest(message: WireMessage, tokens: TokenStore): Promise<{ type: string } & Record<string, unknown>> {
  const request = message as TokenRequest;
  return answered(request, () => serveToken(request, tokens));
}

async function answered(request: ServiceRequest, serveIt: () => Promise<Record<string, unknown>>): Promise<{ type: string } & Record<string, unknown>> {
  const id = request.id;
  try {
    return { type: SERVICE_REQUESTS[request.type].answer, id, ...(await serveIt()) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof OkapiError)) return { type: 'error', id, message };
    const hint = error.hint !== undefined ? { hint: error.hint } : {};
    return { type: 'error', id, message, ...hint, exit_code: error.exitCode };
  }
}

async function serve(request: ServiceRequest, host: CommandContext): Promise<Record<string, unknown>> {
  switch (request.type) {
    case 'read-config':
      return { ...(await host.config.read()) };
    case 'read-config-text': {
      const { path, text } = await host.config.readText();
      return text === undefined ? { path } : { path, text };
    }
    case 'patch-config': {
      const { edits, revision } = request;
      // Each edit is checked by what it means (config-edits.ts), which field rules cannot say.
      return { ...(await host.config.patch(edits as ConfigEdit[], revision !== undefined ? { revision } : {})) };
    }
    case 'validate-config': {
      const problem = await host.config.validate(request.text);
      return problem === undefined ? {} : { problem };
    }
    case 'replace-config':
      return { ...(await host.config.replace(request.text)) };
    case 'get-api': {
      const entry = await host.apis.get(request.name);
      return entry === undefined ? {} : { entry };
    }
    case 'save-api': {
      const { name, entry, revision, index, details, spec } = request;
      return { ...(await host.apis.save(name, { entry, revision, index, details, spec })) };
    }
    case 'remove-api':
      return { entry: await host.apis.remove(request.name) };
    case 'read-spec': {
      const spec = await host.apis.readSpec(request.name);
      return spec === undefined ? {} : { spec };
    }
    case 'read-index':
      return { ...(await host.apis.readIndex(request.name)) };
    case 'read-commands': {
      const { name, summaries, named } = request;
      const reading = await host.apis.commands(name, { summaries, ...(named !== undefined ? { named } : {}) });
      return reading === undefined ? {} : { ...reading };
    }
    case 'read-operation':
      // Where the operation is (`at`) is checked by the table's reader, which field rules cannot say.
      return { detail: await host.apis.operation(request.name, request.command as CommandEntry) };
    case 'resolve-auth': {
      const { api, profile, credential, operation } = request;
      return { ...(await host.auth.resolve({ api, profile, credential, operation })) };
    }
    case 'clear-responses':
      return { ...(await host.cache.clearResponses(request.api)) };
    case 'get-token':
    case 'set-token':
    case 'delete-token':
      return serveToken(request, host.tokens);
    // A command's, not an auth hook's: an auth hook keeps its own values, it does not log users out.
    case 'clear-tokens':
      // Which fields go together (a profile, all profiles, or a shared auth profile) is the token store's check.
      return { ...(await host.tokens.clear(request.scope as TokenClearScope)) };
  }
}

async function serveToken(request: TokenRequest, tokens: TokenStore): Promise<Record<string, unknown>> {
  const { scope, key } = request;
  switch (request.type) {
    case 'get-token': {
      const value = await tokens.get(scope, key);
      return value === undefined ? {} : { value };
    }
    case 'set-token':
      await tokens.set(scope, key, request.value);
      return {};
    case 'delete-token':
      return { deleted: await tokens.delete(scope, key) };
  }
}
