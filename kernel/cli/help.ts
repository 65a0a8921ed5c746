/**
 * Help text, rendered by cac from the same flag table the scanner uses. Only the root help needs
 * the plugin registry (for plugin commands and formats); it reads cached manifests, never runs a plugin.
 */
import { cac } from 'cac';
import { OKAPI_VERSION } from '../../sdk/shared/version.js';
import type { CommandEntry } from '../commands/command-table.js';
import type { PluginContainer } from '../plugins/container.js';
import { fullFlagTable } from './declared-flags.js';
import type { FlagSpec } from './flags.js';

/** How body arguments join (sdk/shared/shorthand/arguments.ts); `config set`, `api set` and setup expressions follow it too. */
const BODY_HELP = [
  "  Shorthand, e.g. 'name: okapi, tags[]: cli, address.city: Kinshasa'. An argument that begins with",
  "  key: and a space (or ends there) starts a new field, as if after a comma: 'a: 1' 'b: 2'. Other",
  '  arguments continue the value before them: name: Alice Smith sends {"name":"Alice Smith"}.',
  "  HTTPie's name=value and name:=<json> are fields too; headers are -H 'Name: value', query -q name=value.",
].join('\n');

/** `all`: every flag (`--help-all`), not only the common ones. */
export function rootHelp(container: PluginContainer, all: boolean): string {
  const table = container.commandTable();
  const flags = fullFlagTable(container);
  const cli = cac('okapi');
  cli.usage('[method] <url> [body...] [options]\n  $ okapi <command> [args] [options]');
  cli.command('[method] <url> [body...]', 'Send a request; method is get, head, options, post, put, patch or delete (default get, or post with a body)');
  // Code-unit order: localeCompare would load ICU's collator, about 8 ms at start-up.
  for (const [name, entry] of [...table.commands].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const origin = entry.plugin.builtin ? '' : ` (plugin ${entry.plugin.name})`;
    cli.command(name, `${entry.declaration.short ?? ''}${origin}`);
  }
  for (const flag of flags) {
    if (!all && !flag.common) continue;
    const value = flag.valueName ? ` <${flag.valueName}>` : '';
    cli.option(`${label(flag)}${value}`, flag.description);
  }
  let text = '';
  cli.help((sections) => {
    const kept = sections
      .filter((s) => !s.title?.startsWith('For more info'))
      // cac adds its own --help line; ours is in the flag table.
      .map((s) => ({ ...s, body: s.body.split('\n').filter((l) => !l.includes('Display this message')).map((l) => l.trimEnd()).join('\n') }));
    kept[0] = { body: `okapi ${OKAPI_VERSION}: a command-line client for HTTP APIs` };
    kept.push({ title: 'Body arguments', body: BODY_HELP });
    kept.push({ title: 'Output formats', body: `  ${container.formatNames().join(', ')}` });
    if (!all) kept.push({ body: "Run 'okapi --help-all' for every flag, 'okapi <command> --help' for a command." });
    if (table.conflicts.length > 0) kept.push({ title: 'Command conflicts', body: table.conflicts.map((c) => `  ${c}`).join('\n') });
    text = kept.map((s) => (s.title ? `${s.title}:\n${s.body}` : s.body)).join('\n\n');
    return [];
  });
  // cac prints through console.info; the sections are captured above and printed by the caller.
  const info = console.info;
  console.info = () => undefined;
  try {
    cli.outputHelp();
  } finally {
    console.info = info;
  }
  return `${text}\n`;
}

export function commandHelp({ declaration, plugin }: CommandEntry): string {
  const lines = [`okapi ${declaration.name}: ${declaration.short ?? ''}`.trimEnd()];
  if (declaration.long) lines.push('', declaration.long.trimEnd());
  if (!plugin.builtin) lines.push('', `Provided by plugin ${plugin.name}.`);
  return `${lines.join('\n')}\n`;
}

function label(spec: FlagSpec): string {
  return spec.short ? `-${spec.short}, --${spec.long}` : `--${spec.long}`;
}
