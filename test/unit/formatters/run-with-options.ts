/**
 * Runs the table, gron and toon formatters in-process as run-formatter.ts runs the others, with
 * the start fields those three read besides: the terminal width and the command-line options.
 */
import type { PluginDefinition } from '../../../sdk/types.js';
import { start, type Output, type RunOptions } from './run-formatter.js';

const PLUGINS = {
  table: () => import('../../../plugins-builtin/table/index.js'),
  gron: () => import('../../../plugins-builtin/gron/index.js'),
  toon: () => import('../../../plugins-builtin/toon/index.js'),
} satisfies Record<string, () => Promise<{ default: PluginDefinition }>>;

export type FormatName = keyof typeof PLUGINS;

export interface Options extends RunOptions {
  /** Terminal width; 80 unless given. */
  width?: number;
  /** `FormatterStart.options`, as `--okapi-columns` and `--okapi-sort-by` give them. */
  options?: Record<string, string>;
}

export interface Logged {
  level: string;
  message: string;
}

export async function plugin(format: FormatName): Promise<PluginDefinition> {
  return (await PLUGINS[format]()).default;
}

async function* each(values: readonly unknown[]): AsyncGenerator<unknown> {
  for (const value of values) yield value;
}

/** Formats `items` (in document mode, pass one item: the body). */
export async function run(format: FormatName, items: readonly unknown[], options: Options = {}): Promise<Output & { logged: Logged[] }> {
  const definition = await plugin(format);
  const chunks: Buffer[] = [];
  const logged: Logged[] = [];
  const { width, options: formatterOptions, ...common } = options;
  await definition.hooks.formatter!(
    { ...start(format, common), ...(width !== undefined ? { width } : {}), ...(formatterOptions ? { options: formatterOptions } : {}) },
    each(items),
    {
      write: (data) => chunks.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)),
      log: (level, message) => logged.push({ level, message }),
    },
  );
  const bytes = Buffer.concat(chunks);
  return { text: bytes.toString('utf8'), bytes: new Uint8Array(bytes), writes: chunks.length, logged };
}

/** One body in document mode, as text. */
export async function formatDocument(format: FormatName, body: unknown, options: Omit<Options, 'document'> = {}): Promise<string> {
  return (await run(format, [body], { ...options, document: true })).text;
}

/** Records (document: false), as text. */
export async function formatRecords(format: FormatName, records: readonly unknown[], options: Omit<Options, 'document'> = {}): Promise<string> {
  return (await run(format, records, { ...options, document: false })).text;
}
