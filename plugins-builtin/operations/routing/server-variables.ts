/**
 * OpenAPI server variables (SPEC.md "Generated operation request routing" 3, 6, 7): values come
 * from `server_variables` (the profile's over the API's), then from the document's defaults. A
 * configured value outside the variable's enum is used as configured, with a warning — the local
 * operator knows the deployment better than a stale document. A configured name that no applicable
 * server declares cannot change any URL and is most likely a typo, so it fails; unless the
 * document declares no variables at all, when there is nothing to misspell.
 */
import { OkapiError } from '../../../sdk/shared/errors.js';
import type { ServerInfo } from '../../../sdk/shared/operation-index-format.js';

/** A configured value and the config path that set it (`apis.example.server_variables.region`). */
export interface ConfiguredVariable {
  value: string;
  setAt: string;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The variables the servers declare: their `variables` and any `{name}` in their URLs. */
function declaredVariables(servers: readonly ServerInfo[]): Set<string> {
  const names = new Set<string>();
  for (const server of servers) {
    for (const name of Object.keys(server.variables ?? {})) names.add(name);
    for (const match of server.url.matchAll(PLACEHOLDER)) names.add(match[1]!);
  }
  return names;
}

/**
 * Checks the configured variables against the servers that apply to an operation (the
 * document's and the operation's own). Returns the warnings for values outside an enum; throws
 * for a configured name none of them declares (when they declare any).
 */
export function checkServerVariables(configured: ReadonlyMap<string, ConfiguredVariable>, servers: readonly ServerInfo[], api: string): string[] {
  const declared = declaredVariables(servers);
  if (declared.size > 0) {
    for (const [name, { setAt }] of configured) {
      if (declared.has(name)) continue;
      throw new OkapiError(`${setAt} names a server variable "${name}" that no OpenAPI server of this operation declares`, {
        hint: `the servers declare: ${[...declared].sort().join(', ')}; correct or remove it with: okapi config edit`,
      });
    }
  }
  const warnings: string[] = [];
  const warned = new Set<string>();
  for (const server of servers) {
    for (const [name, variable] of Object.entries(server.variables ?? {})) {
      const chosen = configured.get(name);
      if (chosen === undefined || variable.enum === undefined || variable.enum.length === 0) continue;
      if (variable.enum.includes(chosen.value) || warned.has(name)) continue;
      warned.add(name);
      warnings.push(
        `${chosen.setAt} is "${chosen.value}", which is not one of the values the OpenAPI document of API ${api} lists for it (${variable.enum.join(', ')}); using it as configured`,
      );
    }
  }
  return warnings;
}

/**
 * The server's URL with every `{name}` replaced by its configured value, else its default. A
 * variable with neither cannot be guessed: that fails, saying how to set it.
 */
export function expandServerUrl(server: ServerInfo, configured: ReadonlyMap<string, ConfiguredVariable>, api: string): string {
  return server.url.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = configured.get(name)?.value ?? server.variables?.[name]?.default;
    if (value !== undefined) return value;
    throw new OkapiError(`the OpenAPI server "${server.url}" of API ${api} needs a value for its variable "${name}", and the document gives no default`, {
      hint: `set one with: okapi api set ${api} 'server_variables.${name}: <value>'`,
    });
  });
}
