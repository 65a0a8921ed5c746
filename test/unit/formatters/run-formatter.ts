/** Runs a built-in formatter in-process, the way the kernel does, and collects what it writes. */
import type { FormatterStart, PluginDefinition } from '../../../sdk/types.js';

const PLUGINS = {
  yaml: () => import('../../../plugins-builtin/yaml/index.js'),
  cbor: () => import('../../../plugins-builtin/cbor/index.js'),
  ndjson: () => import('../../../plugins-builtin/ndjson/index.js'),
  lines: () => import('../../../plugins-builtin/lines/index.js'),
  auto: () => import('../../../plugins-builtin/auto/index.js'),
} satisfies Record<string, () => Promise<{ default: PluginDefinition }>>;

export type FormatName = keyof typeof PLUGINS;

export interface RunOptions {
  /** One response body (true, the default) or records such as pages or stream events (false). */
  document?: boolean;
  pretty?: boolean;
  color?: boolean;
  tty?: boolean;
}

export interface Output {
  /** Everything written, as UTF-8 text. */
  text: string;
  /** Everything written, as bytes. */
  bytes: Uint8Array;
  writes: number;
}

export function start(format: string, options: RunOptions = {}): FormatterStart {
  return {
    hook: 'formatter',
    protocol_version: 2,
    features: [],
    format,
    document: options.document ?? true,
    pretty: options.pretty ?? true,
    tty: options.tty ?? false,
    color: options.color ?? false,
    width: 80,
  };
}

async function* each(values: readonly unknown[]): AsyncGenerator<unknown> {
  for (const value of values) yield value;
}

/** Formats `items`: in document mode pass one item, the body. */
export async function runFormatter(format: FormatName, items: readonly unknown[], options: RunOptions = {}): Promise<Output> {
  const plugin = (await PLUGINS[format]()).default;
  const chunks: Buffer[] = [];
  await plugin.hooks.formatter!(start(format, options), each(items), {
    write: (data) => chunks.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)),
    log: () => undefined,
  });
  const bytes = Buffer.concat(chunks);
  return { text: bytes.toString('utf8'), bytes: new Uint8Array(bytes), writes: chunks.length };
}

/** Formats one body in document mode and returns the text. */
export async function formatDocument(format: FormatName, body: unknown, options: Omit<RunOptions, 'document'> = {}): Promise<string> {
  return (await runFormatter(format, [body], { ...options, document: true })).text;
}

/** Formats records (document: false) and returns the text. */
export async function formatRecords(format: FormatName, records: readonly unknown[], options: Omit<RunOptions, 'document'> = {}): Promise<string> {
  return (await runFormatter(format, records, { ...options, document: false })).text;
}
