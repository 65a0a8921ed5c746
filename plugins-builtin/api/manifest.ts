import { formatFlagHelp } from '../../sdk/arguments.js';
import type { PluginMeta } from '../../sdk/plugin-meta.js';
import { AUTH_GET, AUTH_INSPECT, CONNECT } from './arguments.js';

export default {
  manifest: {
    name: 'api',
    description: 'Registers APIs by name from their OpenAPI descriptions',
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'api',
      short: 'Register and manage APIs (connect, sync, list, inspect, set, remove, auth)',
      long: [
        'Usage:',
        '  okapi api connect <name> <url> [setup-expression...]   Find the OpenAPI description and register the API',
        formatFlagHelp(CONNECT, { indent: 6, column: 27 }),
        "    Setup expressions are shorthand: 'prompt.<name>: <value>' answers a prompt.",
        '    --okapi-ca-cert, --okapi-client-cert and --okapi-client-key are saved to the profile (-p, else default).',
        '  okapi api sync <name...> [--allow-cross-origin-spec]   Fetch the description again (profiles are kept)',
        '  okapi api list [-o json]                                The registered APIs',
        '  okapi api inspect <name>                                The saved entry as JSON, secrets masked',
        "  okapi api set <name> <patch...>                         Shorthand patches, e.g. 'profiles.default.headers[]: X-Team: a'",
        '    Patches and setup expressions: an argument that begins with key: and a space starts a new field,',
        '    other words continue the value before them.',
        '  okapi api remove <name>                                 Forget the API and its cached files',
        "  okapi api auth add <api> <credential-id> [setup-expression...]   Add or complete a credential binding of the profile,",
        "    prefilled from the security scheme of that name, e.g. 'auth.params.token: env:TOKEN'",
        '  okapi api auth remove <api> <credential-id>             Remove a binding (its cached tokens are kept)',
        '  okapi api auth get <api> [credential-id]                What a request would send, for curl: Name: value, ?name=value',
        formatFlagHelp(AUTH_GET, { indent: 6, column: 27 }),
        '  okapi api auth inspect <api>                            The credentials, the operations each covers, their values',
        formatFlagHelp(AUTH_INSPECT, { indent: 6, column: 27 }),
        '  okapi api auth logout <api> [--all-profiles] | --auth-profile <name>   Delete cached auth tokens',
        '',
        'Then: okapi <name> --help lists its operations; okapi <name>/<path> sends a request to it',
        '(with the profile chosen by -p or OKAPI_PROFILE).',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
