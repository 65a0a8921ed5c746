/**
 * Every rule a plugin manifest must meet (SPEC.md "Plugin manifest" and "Versioning", DESIGN.md §3).
 * A failed rule throws ManifestError; its message is what `okapi plugin list` shows as the reason.
 */
import {
  HOOK_NAMES,
  HOST_FEATURES,
  PROTOCOL_GENERATION,
  type CommandDeclaration,
  type HookName,
  type PluginManifest,
} from '../../sdk/types.js';
import { longerThanOkapiCanWait, MAX_DURATION_MS, parseDuration } from './duration.js';
import { GLOBAL_FLAGS } from '../cli/flags.js';
import { isMap } from './protocol-check.js';

export class ManifestError extends Error {}

const PLUGIN_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const MIME_TYPE = /^[\w.+-]+\/[\w.+*-]+$/;

/** Fields that only make sense with their hook, and must be present when the hook is. */
const HOOK_FIELDS: { field: keyof PluginManifest; hook: HookName; required: boolean }[] = [
  { field: 'formatter_names', hook: 'formatter', required: true },
  { field: 'formatter_raw_types', hook: 'formatter', required: false },
  { field: 'loader_content_types', hook: 'loader', required: true },
  { field: 'auth_api_names', hook: 'auth', required: false },
  { field: 'filter_languages', hook: 'filter', required: true },
];

export function validateManifest(raw: unknown): PluginManifest {
  if (!isMap(raw)) throw new ManifestError('the manifest must be a map (a CBOR map or a JSON object)');
  const m = raw;

  const name = m.name;
  if (typeof name !== 'string' || name === '') throw new ManifestError('"name" is required and must be a non-empty string');
  if (name.startsWith('okapi-')) {
    throw new ManifestError(`"name" must not carry the executable prefix: use "${name.slice(6)}", not "${name}"`);
  }
  if (!PLUGIN_NAME.test(name)) {
    throw new ManifestError(`"name" "${name}" may hold only lower-case letters, digits, "-" and "_", starting with a letter or digit`);
  }
  optionalString(m, 'version');
  optionalString(m, 'description');

  const version = m.okapi_api_version;
  if (version === undefined) throw new ManifestError('"okapi_api_version" is required (the minimum plugin protocol generation; this okapi speaks 2)');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ManifestError(`"okapi_api_version" must be a positive integer, got ${JSON.stringify(version)}`);
  }
  if (version < PROTOCOL_GENERATION) {
    throw new ManifestError(
      `built for plugin protocol generation ${version}; this okapi speaks generation ${PROTOCOL_GENERATION}: rebuild the plugin against the current okapi plugin SDK`,
    );
  }

  const hooks = optionalStringList(m, 'hooks') ?? [];
  const seen = new Set<string>();
  for (const hook of hooks) {
    if (!(HOOK_NAMES as readonly string[]).includes(hook)) {
      throw new ManifestError(`unknown hook "${hook}" in "hooks" (known: ${HOOK_NAMES.join(', ')})`);
    }
    if (seen.has(hook)) throw new ManifestError(`hook "${hook}" is listed twice in "hooks"`);
    seen.add(hook);
  }

  const features = optionalStringList(m, 'required_features') ?? [];
  for (const feature of features) {
    if (!(HOST_FEATURES as readonly string[]).includes(feature)) {
      throw new ManifestError(
        `requires the host feature "${feature}", which this okapi does not have (it has: ${HOST_FEATURES.join(', ')}); upgrade okapi or use a plugin version that does not need it`,
      );
    }
  }

  for (const { field, hook, required } of HOOK_FIELDS) {
    const values = optionalStringList(m, field);
    if (values !== undefined && !seen.has(hook)) {
      throw new ManifestError(`"${field}" is given but "hooks" does not list "${hook}"`);
    }
    if (required && seen.has(hook) && (values === undefined || values.length === 0)) {
      throw new ManifestError(`the "${hook}" hook needs a non-empty "${field}" list`);
    }
  }
  for (const [field, what] of [['formatter_names', 'formatter name'], ['filter_languages', 'filter language']] as const) {
    const bad = optionalStringList(m, field)?.find((value) => !PLUGIN_NAME.test(value));
    if (bad !== undefined) throw new ManifestError(`${what} "${bad}" may hold only lower-case letters, digits, "-" and "_"`);
  }
  for (const type of optionalStringList(m, 'formatter_raw_types') ?? []) {
    if (!MIME_TYPE.test(type) && !/^\+[\w.-]+$/.test(type)) {
      throw new ManifestError(`"${type}" in "formatter_raw_types" is not a media type such as application/json or a suffix such as +json`);
    }
  }
  if (m.formatter_options !== undefined) validateFormatterOptions(m.formatter_options, seen.has('formatter'));
  for (const type of optionalStringList(m, 'loader_content_types') ?? []) {
    if (!MIME_TYPE.test(type)) throw new ManifestError(`"${type}" in "loader_content_types" is not a MIME type such as application/yaml`);
  }

  for (const field of ['api_commands', 'needs_auth_secrets']) {
    if (m[field] !== undefined && typeof m[field] !== 'boolean') throw new ManifestError(`"${field}" must be true or false, got ${JSON.stringify(m[field])}`);
  }
  if (m.api_commands === true && !seen.has('command')) throw new ManifestError('"api_commands" is true but "hooks" does not list "command"');

  const timeouts = m.hook_timeouts;
  if (timeouts !== undefined) {
    if (!isMap(timeouts)) throw new ManifestError('"hook_timeouts" must map hook names to durations such as "10s"');
    for (const [hook, value] of Object.entries(timeouts)) {
      if (!seen.has(hook)) throw new ManifestError(`"hook_timeouts" names "${hook}", which is not one of this plugin's hooks`);
      const ms = typeof value === 'string' ? parseDuration(value) : undefined;
      if (ms === undefined || ms <= 0) {
        throw new ManifestError(`"hook_timeouts.${hook}" must be a duration such as "500ms", "10s" or "2m", got ${JSON.stringify(value)}`);
      }
      if (ms > MAX_DURATION_MS) {
        throw new ManifestError(longerThanOkapiCanWait(`"hook_timeouts.${hook}" ${JSON.stringify(value)}`));
      }
    }
  }

  return m as unknown as PluginManifest;
}

/** `formatter_options`: flags a formatter reads, each a new `--okapi-…` flag with an option name. */
function validateFormatterOptions(raw: unknown, hasFormatter: boolean): void {
  if (!hasFormatter) throw new ManifestError('"formatter_options" is given but "hooks" does not list "formatter"');
  if (!Array.isArray(raw)) throw new ManifestError('"formatter_options" must be a list of maps with name, flag and description');
  const names = new Set<string>();
  const flags = new Set<string>();
  raw.forEach((entry: unknown, index) => {
    const where = `formatter_options[${index}]`;
    if (!isMap(entry)) throw new ManifestError(`${where} must be a map with name, flag and description`);
    const option = entry;
    if (typeof option.name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(option.name)) {
      throw new ManifestError(`${where}.name ${JSON.stringify(option.name)} must be lower-case letters, digits and "_", starting with a letter (e.g. "sort_by")`);
    }
    if (typeof option.flag !== 'string' || !/^okapi-[a-z0-9]+(?:-[a-z0-9]+)*$/.test(option.flag)) {
      throw new ManifestError(`${where}.flag ${JSON.stringify(option.flag)} must be a long flag name beginning with "okapi-", without dashes before it (e.g. "okapi-sort-by")`);
    }
    if (GLOBAL_FLAGS.some((flag) => flag.long === option.flag)) throw new ManifestError(`${where}.flag "${option.flag}" is one of okapi's own flags (--${option.flag})`);
    if (names.has(option.name)) throw new ManifestError(`formatter option "${option.name}" is declared twice`);
    if (flags.has(option.flag)) throw new ManifestError(`the flag "${option.flag}" is declared twice in "formatter_options"`);
    names.add(option.name);
    flags.add(option.flag);
    if (typeof option.description !== 'string' || option.description === '') throw new ManifestError(`${where}.description must be a non-empty string`);
    if (option.value_name !== undefined && typeof option.value_name !== 'string') throw new ManifestError(`${where}.value_name must be a string`);
  });
}

/** Validates the `--okapi-plugin-commands` answer. */
export function validateCommandDiscovery(raw: unknown): CommandDeclaration[] {
  if (!isMap(raw)) throw new ManifestError('the --okapi-plugin-commands answer must be a map with a "commands" list');
  const answer = raw;
  const protocol = answer.protocol_version ?? 1;
  if (protocol !== 1) {
    throw new ManifestError(`command discovery "protocol_version" ${JSON.stringify(protocol)} is not supported (this okapi reads version 1)`);
  }
  if (!Array.isArray(answer.commands)) throw new ManifestError('the command discovery answer needs a "commands" list');
  const names = new Set<string>();
  return answer.commands.map((entry, index) => {
    if (!isMap(entry)) throw new ManifestError(`commands[${index}] must be a map`);
    const c = entry;
    // A literal here, not a module constant: a Unicode-property regex costs ~1 ms to create.
    if (typeof c.name !== 'string' || !/^[\p{L}\p{N}][\p{L}\p{N}\p{M}_-]*$/u.test(c.name)) {
      throw new ManifestError(`commands[${index}].name ${JSON.stringify(c.name)} must be one word of letters, digits, "-" or "_"`);
    }
    if (names.has(c.name)) throw new ManifestError(`command "${c.name}" is declared twice`);
    names.add(c.name);
    for (const field of ['short', 'long'] as const) {
      if (c[field] !== undefined && typeof c[field] !== 'string') throw new ManifestError(`commands[${index}].${field} must be a string`);
    }
    if (c.passthrough_stdio !== undefined && typeof c.passthrough_stdio !== 'boolean') {
      throw new ManifestError(`commands[${index}].passthrough_stdio must be true or false`);
    }
    return c as unknown as CommandDeclaration;
  });
}

function optionalString(m: Record<string, unknown>, field: string): void {
  if (m[field] !== undefined && typeof m[field] !== 'string') {
    throw new ManifestError(`"${field}" must be a string, got ${JSON.stringify(m[field])}`);
  }
}

function optionalStringList(m: Record<string, unknown>, field: string): string[] | undefined {
  const value = m[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new ManifestError(`"${field}" must be a list of strings`);
  }
  return value as string[];
}
