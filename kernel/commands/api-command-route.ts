/**
 * `okapi <api> <word…>`, where the first word is a registered API's name: the route belongs to the
 * command plugin whose manifest says `api_commands: true`, as the plugin container decides (one
 * owner, built-ins first). That plugin runs it as the command `<api>` with the words after it as
 * arguments. With no owner, the words stay what they always were: a request to the API's base URL.
 */
import type { OkapiConfig } from '../config/document.js';
import { apiEntry } from '../../sdk/shared/api-config.js';
import type { PluginContainer } from '../plugins/container.js';
import type { CommandEntry } from './command-table.js';

export function apiCommandEntry(words: readonly string[], config: OkapiConfig, container: PluginContainer): CommandEntry | undefined {
  const [api, ...rest] = words;
  if (api === undefined || rest.length === 0) return undefined;
  const plugin = container.apiCommandOwner();
  if (!plugin || !apiEntry(config, api)) return undefined;
  return { plugin, declaration: { name: api } };
}
