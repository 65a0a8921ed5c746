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
  /**
   * Undefined when the API has no description, so no generated commands. With `summaries`, each
   * command's summary too: a listing shows them, finding one operation does not need them.
   */
  commandTable(api: string, summaries: boolean): Promise<CommandTable | undefined>;
  operation(api: string, command: CommandEntry): Promise<OperationDetail>;
}

/**
 * The source a command's context gives. Each answer is asked for once per run: a command line is
 * read more than once (a large API's command table is hundreds of kilobytes).
 */
export function hostCompletionSource(ctx: CommandContext): CompletionSource {
  const plugins = once(async () => (await ctx.listPlugins()).filter((plugin) => plugin.enabled && plugin.refused === undefined));
  const tables = new Map<string, Promise<CommandTable | undefined>>();
  const details = new Map<CommandEntry, Promise<OperationDetail>>();
  return {
    commands: async () =>
      (await plugins()).flatMap((plugin) => (plugin.commands ?? []).map((name) => ({ value: name, ...(plugin.description ? { description: plugin.description } : {}) }))),
    apis: once(() => ctx.listApis()),
    // `raw` is written by okapi itself, without a formatter plugin.
    formats: async () => ['raw', ...(await plugins()).flatMap((plugin) => plugin.formatter_names ?? [])],
    api: (name) => ctx.apis.get(name),
    commandTable: (api, summaries) => remembered(tables, `${summaries}:${api}`, async () => (await ctx.apis.commands(api, { summaries }))?.table),
    operation: (api, command) => remembered(details, command, () => ctx.apis.operation(api, command)),
  };
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => (reading ??= read());
}

function remembered<K, T>(answers: Map<K, Promise<T>>, key: K, read: () => Promise<T>): Promise<T> {
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = read();
    answers.set(key, answer);
  }
  return answer;
}
