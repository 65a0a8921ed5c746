/**
 * Every manifest rule, checked through real executables in both encodings: each case is a plugin
 * that prints its manifest as CBOR or JSON, discovered by the registry like any installed plugin.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PluginRegistry } from '../../../kernel/plugins/registry.js';
import { writeManifestOnlyPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { testTokenStore } from '../../helpers/host-services.js';
import { longerThanOkapiCanWait } from '../../../kernel/plugins/duration.js';

const base = { name: 'sample', okapi_api_version: 2 };

/** [case, manifest, expected refusal (a fragment), or null when the manifest is valid] */
const CASES: [string, unknown, string | null][] = [
  ['minimal manifest', base, null],
  ['all optional fields', { ...base, version: '1.2.3', description: 'd', hooks: ['formatter', 'auth'], formatter_names: ['csv'], auth_api_names: ['a'], needs_auth_secrets: true, hook_timeouts: { auth: '1m', formatter: '500ms' }, required_features: ['manifest.required_features', 'loader.source_metadata', 'request.final_body'] }, null],
  ['future protocol generation accepted', { ...base, okapi_api_version: 3 }, null],
  ['unknown optional fields ignored', { ...base, colour: 'blue', extra: { a: 1 } }, null],
  ['not a map', ['name', 'x'], 'must be a map'],
  ['missing name', { okapi_api_version: 2 }, '"name" is required'],
  ['empty name', { ...base, name: '' }, '"name" is required'],
  ['name with prefix', { ...base, name: 'okapi-sample' }, 'must not carry the executable prefix'],
  ['name with bad characters', { ...base, name: 'Sam ple' }, 'may hold only'],
  ['name not a string', { ...base, name: 5 }, '"name" is required'],
  ['version not a string', { ...base, version: 1 }, '"version" must be a string'],
  ['missing okapi_api_version', { name: 'sample' }, '"okapi_api_version" is required'],
  ['okapi_api_version not an integer', { ...base, okapi_api_version: 2.5 }, 'positive integer'],
  ['okapi_api_version zero', { ...base, okapi_api_version: 0 }, 'positive integer'],
  ['previous generation refused with rebuild hint', { ...base, okapi_api_version: 1 }, 'rebuild the plugin'],
  ['hooks not a list', { ...base, hooks: 'auth' }, '"hooks" must be a list of strings'],
  ['unknown hook', { ...base, hooks: ['teleport'] }, 'unknown hook "teleport"'],
  ['duplicate hook', { ...base, hooks: ['auth', 'auth'] }, 'listed twice'],
  ['unknown required feature', { ...base, required_features: ['time.travel'] }, 'requires the host feature "time.travel"'],
  ['required_features not a list', { ...base, required_features: 'x' }, 'must be a list of strings'],
  ['formatter without formatter_names', { ...base, hooks: ['formatter'] }, 'needs a non-empty "formatter_names"'],
  ['formatter with empty formatter_names', { ...base, hooks: ['formatter'], formatter_names: [] }, 'needs a non-empty "formatter_names"'],
  ['formatter_names without formatter hook', { ...base, formatter_names: ['csv'] }, '"formatter_names" is given but "hooks" does not list "formatter"'],
  ['bad formatter name', { ...base, hooks: ['formatter'], formatter_names: ['C S V'] }, 'formatter name "C S V"'],
  ['formatter_raw_types with formatter', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_raw_types: ['application/json', '+json'] }, null],
  ['formatter_raw_types without formatter', { ...base, formatter_raw_types: ['application/json'] }, '"formatter_raw_types" is given'],
  ['formatter_raw_types not a media type', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_raw_types: ['json'] }, 'is not a media type'],
  ['loader without content types', { ...base, hooks: ['loader'] }, 'needs a non-empty "loader_content_types"'],
  ['loader_content_types without loader', { ...base, loader_content_types: ['application/yaml'] }, '"loader_content_types" is given'],
  ['formatter_options with formatter', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: [{ name: 'sort_by', flag: 'okapi-sort-by', description: 'Sort', value_name: 'column' }] }, null],
  ['formatter_options without formatter', { ...base, formatter_options: [] }, '"formatter_options" is given but "hooks" does not list "formatter"'],
  ['formatter_options not a list', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: { name: 'a' } }, 'must be a list of maps'],
  ['formatter option flag without okapi-', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: [{ name: 'a', flag: 'columns', description: 'd' }] }, 'beginning with "okapi-"'],
  ['formatter option taking a global flag', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: [{ name: 'a', flag: 'okapi-filter', description: 'd' }] }, "is one of okapi's own flags"],
  ['formatter option name not a key', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: [{ name: 'Sort-By', flag: 'okapi-x', description: 'd' }] }, 'must be lower-case letters'],
  ['formatter option declared twice', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: [{ name: 'a', flag: 'okapi-x', description: 'd' }, { name: 'a', flag: 'okapi-y', description: 'd' }] }, 'declared twice'],
  ['formatter option without description', { ...base, hooks: ['formatter'], formatter_names: ['x'], formatter_options: [{ name: 'a', flag: 'okapi-x' }] }, 'description must be a non-empty string'],
  ['filter with languages', { ...base, hooks: ['filter'], filter_languages: ['jq'] }, null],
  ['filter without languages', { ...base, hooks: ['filter'] }, 'needs a non-empty "filter_languages"'],
  ['filter_languages without filter', { ...base, filter_languages: ['jq'] }, '"filter_languages" is given but "hooks" does not list "filter"'],
  ['filter language not a name', { ...base, hooks: ['filter'], filter_languages: ['JQ 1.8'] }, 'filter language "JQ 1.8" may hold only'],
  ['loader content type not a MIME type', { ...base, hooks: ['loader'], loader_content_types: ['yaml'] }, 'is not a MIME type'],
  ['auth_api_names without auth', { ...base, auth_api_names: ['a'] }, '"auth_api_names" is given'],
  ['needs_auth_secrets not boolean', { ...base, needs_auth_secrets: 'yes' }, '"needs_auth_secrets" must be true or false'],
  ['api_commands not boolean', { ...base, hooks: ['command'], api_commands: 'yes' }, '"api_commands" must be true or false'],
  ['api_commands without the command hook', { ...base, api_commands: true }, '"api_commands" is true but "hooks" does not list "command"'],
  ['hook_timeouts not a map', { ...base, hooks: ['auth'], hook_timeouts: ['10s'] }, '"hook_timeouts" must map'],
  ['hook_timeouts for an undeclared hook', { ...base, hooks: ['auth'], hook_timeouts: { loader: '1s' } }, 'not one of this plugin\'s hooks'],
  ['hook_timeouts bad duration', { ...base, hooks: ['auth'], hook_timeouts: { auth: 'soon' } }, 'must be a duration'],
  ['hook_timeouts zero', { ...base, hooks: ['auth'], hook_timeouts: { auth: '0s' } }, 'must be a duration'],
  [
    'hook_timeouts past what a timer holds',
    { ...base, hooks: ['auth'], hook_timeouts: { auth: '596h31m24s' } },
    longerThanOkapiCanWait('"hook_timeouts.auth" "596h31m24s"'),
  ],
];

async function loadOne(manifest: unknown, encoding: 'cbor' | 'json') {
  const dir = tempDir('okapi-manifest-');
  const path = writeManifestOnlyPlugin(join(dir, 'plugins'), 'sample', manifest, encoding);
  const registry = await PluginRegistry.load({
    builtins: [],
    directories: [join(dir, 'plugins')],
    manifestCachePath: join(dir, 'plugin-manifests.json'),
    okapiVersion: 'test',
    disabled: new Set(),
    logger: () => () => undefined,
    tokens: testTokenStore(),
    subprocess: {},
  });
  const record = registry.records.find((r) => r.path === path)!;
  return record;
}

describe.each(['cbor', 'json'] as const)('manifest rules, %s encoding', (encoding) => {
  it.each(CASES)('%s', async (_name, manifest, refusal) => {
    const record = await loadOne(manifest, encoding);
    if (refusal === null) {
      expect(record.refused).toBeUndefined();
      expect(record.encoding).toBe(encoding);
    } else {
      expect(record.refused).toContain(refusal);
    }
  });
});
