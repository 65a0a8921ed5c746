/**
 * The config file's one JSON Schema (draft-07): every key okapi knows, at every level, and the
 * shape of its value. Every write checks against it (`config set`, `config edit`, `api set`,
 * `api connect`, `api remove`), so a typo such as `api set example 'bsae_url: …'` is refused with
 * the keys that level knows instead of being saved and silently ignored. Reading the file on a
 * request does not use it: start-up stays free of the validator.
 *
 * Where the fields come from: SPEC.md "Config file", "API entry", "Profile", "Auth object",
 * "Credential binding" and "Prompt entry"; the discovery fields are what `api connect` and
 * `api sync` record (sdk/shared/api-config.ts DiscoveryFields). A new config field is added here
 * first, or no command can write it. The `description`s are the reference for each field; the
 * schema is strict, so an unknown keyword in it fails at compile time.
 */
import { HEADER_ENTRY } from '../pipeline/request-fields.js';
import { OVERRIDE_ENTRY } from '../plugins/overrides.js';
import { BASE_URL } from '../../sdk/shared/api-base-url.js';
import { URL_ORIGIN, URL_PREFIX } from '../../sdk/shared/url-overrides.js';

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;
const baseUrl = { type: 'string', pattern: BASE_URL.source } as const;
/** SPEC.md "Generated operation request routing" 11: keys and values are absolute http(s) URL prefixes. */
const urlOverrides = {
  type: 'object',
  propertyNames: { pattern: URL_PREFIX.source },
  additionalProperties: { type: 'string', pattern: URL_PREFIX.source },
} as const;

export const configSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'okapi config file',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'The schema an editor should check the file against.' },
    apis: {
      type: 'object',
      description: 'Registered APIs by name (okapi api connect <name> <url>).',
      additionalProperties: { $ref: '#/definitions/api' },
    },
    auth_profiles: {
      type: 'object',
      description: 'Shared auth objects by name, used by profiles and credential bindings with auth_ref; their tokens are kept apart from any API.',
      additionalProperties: { $ref: '#/definitions/auth' },
    },
    plugins: {
      type: 'object',
      description: 'Settings of plugins by name.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          enabled: { type: 'boolean', description: 'false turns the plugin off.' },
          overrides: {
            type: 'array',
            description: 'Names the plugin takes over from the plugin that would own them: "format:<name>" (-o) or "command:<name>".',
            items: { type: 'string', pattern: OVERRIDE_ENTRY.source },
          },
        },
      },
    },
  },
  definitions: {
    api: {
      type: 'object',
      description: 'One registered API (SPEC.md "API entry").',
      additionalProperties: false,
      required: ['base_url'],
      properties: {
        base_url: { ...baseUrl, description: 'Request origin of the API, optionally with a path prefix.' },
        profiles: {
          type: 'object',
          description: 'Profiles by name; "default" is used when none is selected (-p, OKAPI_PROFILE).',
          additionalProperties: { $ref: '#/definitions/profile' },
        },
        operation_base: { type: 'string', description: 'Request-path override for generated operations.' },
        server_variables: { ...stringMap, description: 'Values of OpenAPI server variables.' },
        url_overrides: { ...urlOverrides, description: 'URL prefix to URL prefix rewrites of resolved URLs; the longest matching prefix wins.' },
        allowed_operation_origins: {
          type: 'array',
          items: { type: 'string', pattern: URL_ORIGIN.source },
          description: 'Other origins the path- and operation-level servers of generated operations may send to.',
        },
        command_layout: { type: 'string', description: '"tags" groups commands by tag.' },
        spec_files: { ...stringList, description: 'Local OpenAPI sources: paths or file:// URIs.' },
        spec_url: { type: 'string', description: 'Where the OpenAPI description is fetched from.' },
        discovery: { $ref: '#/definitions/discovery' },
      },
    },
    profile: {
      type: 'object',
      description: 'Request defaults and auth of one profile (SPEC.md "Profile").',
      additionalProperties: false,
      properties: {
        base_url: { ...baseUrl, description: 'Base URL of this profile, in place of the API\'s.' },
        headers: {
          type: 'array',
          description: 'Default request headers, each "Name: value".',
          items: { type: 'string', pattern: HEADER_ENTRY.source },
        },
        query: {
          type: 'array',
          description: 'Default query parameters, each "key=value".',
          items: { type: 'string', pattern: '^[^=]+=' },
        },
        auth: { $ref: '#/definitions/auth' },
        auth_ref: { type: 'string', description: 'Name of a shared auth profile.' },
        credentials: {
          type: 'object',
          description: 'Credential bindings by id, for operations with several security requirements.',
          additionalProperties: { $ref: '#/definitions/credential' },
        },
        security: { description: 'Security requirement the profile meets (from x-cli-config).' },
        params: { type: 'object', description: 'Template parameters.' },
        prompt: { $ref: '#/definitions/prompts' },
        ca_cert: { type: 'string', minLength: 1, description: 'PEM CA certificate trusted, besides the system ones, on this API\'s origin; a relative path is relative to the config file.' },
        client_cert: { type: 'string', minLength: 1, description: 'PEM client certificate for mutual TLS, presented to this API\'s origin only; a relative path is relative to the config file.' },
        client_key: { type: 'string', minLength: 1, description: 'PEM private key of client_cert (unless client_cert holds both); a relative path is relative to the config file.' },
        server_variables: { ...stringMap, description: 'OpenAPI server variables of this profile.' },
        url_overrides: { ...urlOverrides, description: 'Extends and overrides the API\'s url_overrides.' },
      },
    },
    auth: {
      type: 'object',
      description: 'How requests authenticate (SPEC.md "Auth object").',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { type: 'string', minLength: 1, description: 'bearer, api-key, http-basic, oauth-…, external-tool, or a plugin\'s type.' },
        params: { ...stringMap, description: 'Type-specific parameters: literals, env:<VAR> or command:<command-line>.' },
      },
    },
    credential: {
      type: 'object',
      description: 'One credential binding (SPEC.md "Credential binding").',
      additionalProperties: false,
      properties: {
        auth: { $ref: '#/definitions/auth' },
        auth_ref: { type: 'string', description: 'Name of a shared auth profile.' },
        satisfies: { ...stringList, description: 'Scope or role names this credential satisfies.' },
        prompt: { $ref: '#/definitions/prompts' },
        params: { type: 'object', description: 'Template parameters.' },
      },
    },
    prompts: {
      type: 'object',
      description: 'Values asked at api connect, by name (SPEC.md "Prompt entry").',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          description: { type: 'string' },
          example: {},
          default: {},
          enum: { type: 'array' },
          exclude: { type: 'boolean', description: 'true keeps the answer out of auth params.' },
          secret: { type: 'boolean', description: 'true asks without echoing the answer.' },
        },
      },
    },
    discovery: {
      type: 'object',
      description: 'What api connect and api sync learned; refreshed on every sync, not for hand editing.',
      additionalProperties: false,
      properties: {
        source: { type: 'string' },
        via: { type: 'string' },
        title: { type: 'string' },
        version: { type: 'string' },
        openapi: { type: 'string' },
        operations: { type: 'integer', minimum: 0 },
        webhooks: { type: 'integer', minimum: 0 },
        spec_hash: { type: 'string' },
        synced_at: { type: 'string' },
      },
    },
  },
} as const;
