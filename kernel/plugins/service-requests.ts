/**
 * A command session's host-service requests (docs/design/016-host-services.md): checked for their
 * shape by protocol-check.ts, then answered by the very objects a built-in command gets in-process,
 * which check what they mean (names, paths, sizes). Nothing in an answer or an error carries a
 * token's value but the `get-token` and `resolve-auth` answers themselves.
 */
import type { WireMessage } from '../../sdk/codec.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { ApiSave, AuthQuery, TokenClearScope, TokenScope, TokenStore } from '../../sdk/services.js';
import type { CommandEntry } from '../../sdk/shared/operation-detail-format.js';
import type { CommandContext } from '../../sdk/types.js';
import type { FieldRule } from './protocol-check.js';

/** Each request type, its answer type, and the fields it needs (checked in protocol-check.ts). */
export const SERVICE_REQUESTS: Record<string, { answer: string; fields: Record<string, FieldRule> }> = {
  'read-config': { answer: 'config', fields: {} },
  'read-config-text': { answer: 'config-text', fields: {} },
  'patch-config': { answer: 'config', fields: { edits: 'list', revision: 'string?' } },
  'validate-config': { answer: 'config-problem', fields: { text: 'string' } },
  'replace-config': { answer: 'config', fields: { text: 'string' } },
  'get-api': { answer: 'api', fields: { name: 'string' } },
  'save-api': { answer: 'api-saved', fields: { name: 'string', entry: 'map', revision: 'string?', index: 'map?', spec: 'bytes?' } },
  'remove-api': { answer: 'api-removed', fields: { name: 'string' } },
  'read-spec': { answer: 'spec', fields: { name: 'string' } },
  'read-index': { answer: 'index', fields: { name: 'string' } },
  'read-commands': { answer: 'commands', fields: { name: 'string', named: 'strings?' } },
  'read-operation': { answer: 'operation', fields: { name: 'string', command: 'map' } },
  'get-token': { answer: 'token', fields: { scope: 'map', key: 'string' } },
  'set-token': { answer: 'token-set', fields: { scope: 'map', key: 'string', value: 'string' } },
  'delete-token': { answer: 'token-deleted', fields: { scope: 'map', key: 'string' } },
  'clear-tokens': { answer: 'tokens-cleared', fields: { scope: 'map' } },
  'clear-responses': { answer: 'responses-cleared', fields: { api: 'string?' } },
  'resolve-auth': { answer: 'auth-resolved', fields: { api: 'string', profile: 'string?', credential: 'string?', operation: 'string?' } },
};

export function isServiceRequest(type: string): boolean {
  return Object.hasOwn(SERVICE_REQUESTS, type);
}

const TOKEN_REQUESTS = new Set(['get-token', 'set-token', 'delete-token']);

/** The requests an auth hook's session may make: the token store's, and no other service. */
export function isTokenRequest(type: string): boolean {
  return TOKEN_REQUESTS.has(type);
}

/** Answers one checked service request with the host's services; errors become `error` answers. */
export function answerServiceRequest(message: WireMessage, host: CommandContext): Promise<{ type: string } & Record<string, unknown>> {
  return answered(message, () => (isTokenRequest(message.type) ? serveToken(message, host.tokens) : serve(message, host)));
}

/** Answers one checked token request (an auth hook's session) with the token store. */
export function answerTokenRequest(message: WireMessage, tokens: TokenStore): Promise<{ type: string } & Record<string, unknown>> {
  return answered(message, () => serveToken(message, tokens));
}

async function answered(message: WireMessage, serveIt: () => Promise<Record<string, unknown>>): Promise<{ type: string } & Record<string, unknown>> {
  const id = message.id;
  try {
    return { type: SERVICE_REQUESTS[message.type]!.answer, id, ...(await serveIt()) };
  } catch (error) {
    const e = error as { message?: unknown; hint?: unknown; exitCode?: unknown };
    return {
      type: 'error',
      id,
      message: typeof e.message === 'string' ? e.message : String(error),
      ...(error instanceof OkapiError && e.hint !== undefined ? { hint: e.hint } : {}),
      ...(error instanceof OkapiError ? { exit_code: e.exitCode } : {}),
    };
  }
}

async function serve(message: WireMessage, host: CommandContext): Promise<Record<string, unknown>> {
  const name = message.name as string;
  switch (message.type) {
    case 'read-config':
      return { ...(await host.config.read()) };
    case 'read-config-text': {
      const { path, text } = await host.config.readText();
      return text === undefined ? { path } : { path, text };
    }
    case 'patch-config':
      return { ...(await host.config.patch(message.edits as never, typeof message.revision === 'string' ? { revision: message.revision } : {})) };
    case 'validate-config': {
      const problem = await host.config.validate(message.text as string);
      return problem === undefined ? {} : { problem };
    }
    case 'replace-config':
      return { ...(await host.config.replace(message.text as string)) };
    case 'get-api': {
      const entry = await host.apis.get(name);
      return entry === undefined ? {} : { entry };
    }
    case 'save-api': {
      // An absent field is undefined here, as the service reads it.
      const { entry, revision, index, details, spec } = message;
      return { ...(await host.apis.save(name, { entry, revision, index, details, spec } as ApiSave)) };
    }
    case 'remove-api':
      return { entry: await host.apis.remove(name) };
    case 'read-spec': {
      const spec = await host.apis.readSpec(name);
      return spec === undefined ? {} : { spec };
    }
    case 'read-index':
      return { ...(await host.apis.readIndex(name)) };
    case 'read-commands': {
      const reading = await host.apis.commands(name, { summaries: message.summaries === true, ...(message.named !== undefined ? { named: message.named as string[] } : {}) });
      return reading === undefined ? {} : { ...reading };
    }
    case 'read-operation':
      return { detail: await host.apis.operation(name, message.command as CommandEntry) };
    case 'resolve-auth': {
      const { api, profile, credential, operation } = message;
      return { ...(await host.auth.resolve({ api, profile, credential, operation } as AuthQuery)) };
    }
    case 'clear-responses':
      return { ...(await host.cache.clearResponses(typeof message.api === 'string' ? message.api : undefined)) };
    // A command's, not an auth hook's: an auth hook keeps its own values, it does not log users out.
    case 'clear-tokens':
      return { ...(await host.tokens.clear(message.scope as unknown as TokenClearScope)) };
    default:
      throw new OkapiError(`"${message.type}" is not a host service request`);
  }
}

async function serveToken(message: WireMessage, tokens: TokenStore): Promise<Record<string, unknown>> {
  const scope = message.scope as unknown as TokenScope;
  const key = message.key as string;
  switch (message.type) {
    case 'get-token': {
      const value = await tokens.get(scope, key);
      return value === undefined ? {} : { value };
    }
    case 'set-token':
      await tokens.set(scope, key, message.value as string);
      return {};
    case 'delete-token':
      return { deleted: await tokens.delete(scope, key) };
    default:
      throw new OkapiError(`"${message.type}" is not a token store request`);
  }
}
