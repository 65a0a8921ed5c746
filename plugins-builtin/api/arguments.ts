/**
 * The arguments of each `okapi api` verb, declared once: the verbs parse with them and the
 * command's help (manifest.ts) lists connect's flags from them.
 */
import type { ArgumentDeclaration } from '../../sdk/arguments.js';

export const CONNECT = {
  command: 'api connect',
  positionals: [{ name: 'name' }, { name: 'url' }, { name: 'setup-expression', optional: true, variadic: true }],
  flags: [
    { name: 'spec', value: 'url-or-file', description: 'use this description instead of discovering one' },
    { name: 'no-discover', description: 'save the base URL only' },
    { name: 'replace', description: 'recreate the profiles from the description' },
    { name: 'yes', description: 'take the defaults of prompts' },
    { name: 'allow-cross-origin-spec', description: 'let links, $refs and redirects lead to another origin' },
  ],
  wrongCount: 'api connect needs a name and a URL',
} satisfies ArgumentDeclaration;

export const SYNC = {
  command: 'api sync',
  positionals: [{ name: 'name', variadic: true }],
  flags: [{ name: 'allow-cross-origin-spec' }, { name: 'yes' }],
  wrongCount: 'api sync needs the name of at least one API',
} satisfies ArgumentDeclaration;

export const LIST = { command: 'api list', usage: 'okapi api list [-o json]' } satisfies ArgumentDeclaration;

export const INSPECT = {
  command: 'api inspect',
  positionals: [{ name: 'name' }],
  wrongCount: 'api inspect needs the name of one API',
} satisfies ArgumentDeclaration;

export const REINDEX = {
  command: 'api reindex',
  positionals: [{ name: 'name' }],
  wrongCount: 'api reindex needs the name of one API',
} satisfies ArgumentDeclaration;

export const REMOVE = {
  command: 'api remove',
  positionals: [{ name: 'name' }],
  wrongCount: 'api remove needs the name of one API',
} satisfies ArgumentDeclaration;

/** Patches are free text: their words may start with `-`. */
export const SET = {
  command: 'api set',
  positionals: [{ name: 'name' }, { name: 'patch', variadic: true }],
  positionalsOnly: true,
  usage: "okapi api set <name> <patch...>, e.g. okapi api set example 'profiles.default.headers[]: X-Team: okapi'",
  wrongCount: 'api set needs an API name and at least one patch',
} satisfies ArgumentDeclaration;

/** Setup expressions are free text: their words may start with `-`. */
export const AUTH_ADD = {
  command: 'api auth add',
  positionals: [{ name: 'api' }, { name: 'credential-id' }, { name: 'setup-expression', optional: true, variadic: true }],
  positionalsOnly: true,
  usage: "okapi api auth add <api> <credential-id> [setup-expression...], e.g. okapi api auth add example bearer 'auth.params.token: env:EXAMPLE_TOKEN'",
  wrongCount: 'api auth add needs an API name and a credential id',
} satisfies ArgumentDeclaration;

export const AUTH_REMOVE = {
  command: 'api auth remove',
  positionals: [{ name: 'api' }, { name: 'credential-id' }],
  wrongCount: 'api auth remove needs an API name and a credential id',
} satisfies ArgumentDeclaration;

export const AUTH_LOGOUT = {
  command: 'api auth logout',
  positionals: [{ name: 'api', optional: true }],
  flags: [
    { name: 'all-profiles', description: "clear the tokens of every profile of the API, not only the current one's" },
    { name: 'auth-profile', value: 'name', description: 'clear the tokens of this shared auth profile (name no API)' },
  ],
  wrongCount: 'api auth logout takes at most one API name',
} satisfies ArgumentDeclaration;

export const AUTH_GET = {
  command: 'api auth get',
  positionals: [{ name: 'api' }, { name: 'credential-id', optional: true }],
  flags: [
    { name: 'operation', value: 'operation', description: "what this operation selects (command name or operationId)" },
    { name: 'print-header', description: "print only the one header's value" },
  ],
  wrongCount: 'api auth get needs an API name, and optionally a credential id',
} satisfies ArgumentDeclaration;

export const AUTH_INSPECT = {
  command: 'api auth inspect',
  positionals: [{ name: 'api' }],
  flags: [
    { name: 'credential', value: 'id', description: 'only this credential' },
    { name: 'operation', value: 'operation', description: "what this operation selects (command name or operationId)" },
    { name: 'redact', description: 'mask the secret values' },
  ],
  wrongCount: 'api auth inspect needs the name of one API',
} satisfies ArgumentDeclaration;
