/**
 * The host services (sdk/services.ts) as a plugin process sees them: each method one request
 * message and its answer (docs/design/016-host-services.md lists them).
 */
import type { WireMessage } from './codec.js';
import type { ApiEntry, OkapiConfig } from './shared/api-config.js';
import type { ApiIndexReading, ApiRegistry, AuthService, CacheService, ConfigPatchResult, ConfigService, ConfigSnapshot, ResolvedCredential, TokenStore } from './services.js';
import type { ApiSummary } from './types.js';
import type { CommandTable, OperationDetail } from './shared/operation-detail-format.js';

/** Sends a request and resolves with its answer (rejects with an `error` answer). */
export type Ask = (message: Record<string, unknown> & { type: string }) => Promise<WireMessage>;

export interface ServiceClients {
  config: ConfigService;
  apis: ApiRegistry;
  tokens: TokenStore;
  cache: CacheService;
  auth: AuthService;
}

export function serviceClients(ask: Ask, cacheDir: string): ServiceClients {
  const snapshot = (reply: WireMessage): ConfigSnapshot => ({
    path: reply.path as string,
    document: reply.document as OkapiConfig,
    revision: reply.revision as string,
  });
  return {
    config: {
      read: async () => snapshot(await ask({ type: 'read-config' })),
      async readText() {
        const reply = await ask({ type: 'read-config-text' });
        return { path: reply.path as string, text: typeof reply.text === 'string' ? reply.text : undefined };
      },
      async patch(edits, options) {
        const reply = await ask({ type: 'patch-config', edits, ...(options?.revision !== undefined ? { revision: options.revision } : {}) });
        return { ...snapshot(reply), conflict: reply.conflict === true } satisfies ConfigPatchResult;
      },
      validate: async (text) => {
        const problem = (await ask({ type: 'validate-config', text })).problem;
        return typeof problem === 'string' ? problem : undefined;
      },
      replace: async (text) => snapshot(await ask({ type: 'replace-config', text })),
    },
    apis: {
      list: async () => (await ask({ type: 'list-apis' })).apis as ApiSummary[],
      get: async (name) => (await ask({ type: 'get-api', name })).entry as ApiEntry | undefined,
      save: async (name, save) => ({ conflict: (await ask({ type: 'save-api', name, ...save })).conflict === true }),
      remove: async (name) => (await ask({ type: 'remove-api', name })).entry as ApiEntry,
      readSpec: async (name) => (await ask({ type: 'read-spec', name })).spec as Uint8Array | undefined,
      async readIndex(name) {
        const reply = await ask({ type: 'read-index', name });
        return { index: reply.index as ApiIndexReading['index'], ...(typeof reply.warning === 'string' ? { warning: reply.warning } : {}) };
      },
      async commands(name, options) {
        const reply = await ask({ type: 'read-commands', name, ...(options?.summaries ? { summaries: true } : {}), ...(options?.named ? { named: [...options.named] } : {}) });
        if (reply.table === undefined) return undefined;
        return { table: reply.table as CommandTable, ...(typeof reply.warning === 'string' ? { warning: reply.warning } : {}) };
      },
      operation: async (name, command) => (await ask({ type: 'read-operation', name, command })).detail as OperationDetail,
    },
    tokens: {
      async get(scope, key) {
        const value = (await ask({ type: 'get-token', scope, key })).value;
        return typeof value === 'string' ? value : undefined;
      },
      set: async (scope, key, value) => void (await ask({ type: 'set-token', scope, key, value })),
      delete: async (scope, key) => (await ask({ type: 'delete-token', scope, key })).deleted === true,
      clear: async (scope) => ({ cleared: (await ask({ type: 'clear-tokens', scope })).cleared as number }),
    },
    auth: {
      async resolve(query) {
        const reply = await ask({ type: 'resolve-auth', ...query });
        return {
          profile: reply.profile as string,
          ...(typeof reply.operation === 'string' ? { operation: reply.operation } : {}),
          credentials: reply.credentials as ResolvedCredential[],
          ...(typeof reply.warning === 'string' ? { warning: reply.warning } : {}),
        };
      },
    },
    cache: {
      dir: cacheDir,
      async clearResponses(api) {
        const reply = await ask({ type: 'clear-responses', ...(api !== undefined ? { api } : {}) });
        return { files: reply.files as number, existed: reply.existed === true };
      },
    },
  };
}
