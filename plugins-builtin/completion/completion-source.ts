/** What completion reads: the host's plugins, APIs and command tables, never the network. */
import type { ApiEntry } from '../../sdk/shared/api-config.js';
import type { CommandEntry, CommandTable, OperationDetail } from '../../sdk/shared/operation-detail-format.js';
import type { ApiSummary, CommandContext } from '../../sdk/types.js';
import type { Candidate } from './candidate.js';

export interface CompletionSource {
  /** The top-level commands plugins provide. */
  commands(): Promise<Candidate[]>;
  apis(): Promise<ApiSummary[]>;
  /** What `-o` accepts. */
  formats(): Promise<string[]>;
  api(name: string): Promise<ApiEntry | undefined>;
  /** Undefined when the API has no description, so no generated commands. */
  commandTable(api: string): Promise<CommandTable | undefined>;
  operation(api: string, command: CommandEntry): Promise<OperationDetail>;
}

/** The source a command's context gives. Each answer is read once per run. */
export function hostCompletionSource(ctx: CommandContext): CompletionSource {
  const plugins = once(async () => (await ctx.listPlugins()).filter((plugin) => plugin.enabled && plugin.refused === undefined));
  const apis = once(() => ctx.listApis());
  return {
    commands: async () =>
      (await plugins()).flatMap((plugin) => (plugin.commands ?? []).map((name) => ({ value: name, ...(plugin.description ? { description: plugin.description } : {}) }))),
    apis,
    // `raw` is written by okapi itself, without a formatter plugin.
    formats: async () => ['raw', ...(await plugins()).flatMap((plugin) => plugin.formatter_names ?? [])],
    api: (name) => ctx.apis.get(name),
    commandTable: async (api) => (await ctx.apis.commands(api))?.table,
    operation: (api, command) => ctx.apis.operation(api, command),
  };
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => (reading ??= read());
}
