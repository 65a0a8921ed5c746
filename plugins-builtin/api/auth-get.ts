/**
 * `okapi api auth get <api> [credential-id] [--operation <id-or-command-name>] [--print-header]`:
 * the auth a request would carry, computed by the host as a request computes it (ctx.auth), for
 * curl: `Name: value` per header, `?name=value` per query parameter. Query (or any non-header)
 * auth is printed too, but the exit is 1: a header was asked for. `--print-header` prints the
 * value of the one header alone (`curl -H "Authorization: $(okapi api auth get x --print-header)"`).
 */
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import { parseArguments } from '../../sdk/arguments.js';
import { printCommandError, printProblem } from '../../sdk/command-errors.js';
import type { AuthQuery, ResolvedCredential } from '../../sdk/services.js';
import { AUTH_GET } from './arguments.js';
import { headerLines, queryLines } from './auth-material.js';
import { authTarget } from './auth-target.js';
import { checkCredentials, profileCredentials, type ProfileCredentials } from './profile-credentials.js';
import type { ApiVerb } from './verb.js';

export const apiAuthGet: ApiVerb = async (init, args, ctx) => {
  try {
    const parsed = parseArguments(args, AUTH_GET);
    const [api, credential] = parsed.positionals as [string, string | undefined];
    const operation = parsed.value('operation');
    const credentials = profileCredentials(await authTarget(init, ctx, api));
    if (credential !== undefined) checkCredentials(credentials, credential);
    const query: AuthQuery = {
      api,
      profile: credentials.profile,
      ...(credential !== undefined ? { credential } : operation === undefined ? defaultCredential(credentials) : {}),
      ...(operation !== undefined ? { operation } : {}),
    };
    const resolution = await ctx.auth.resolve(query);
    if (resolution.warning !== undefined) printProblem(ctx.stderr, `warning: ${resolution.warning}`);
    const what = `${resolution.operation !== undefined ? `operation ${resolution.operation}` : `profile ${resolution.profile}`} of API ${api}`;
    if (resolution.credentials.length === 0) {
      throw new OkapiError(`${what} sends no auth${resolution.operation !== undefined ? ' (its security requirements select none)' : ''}, so there is nothing to print`);
    }
    return parsed.flags.has('print-header') ? printHeaderValue(ctx.stdout, resolution.credentials, what) : printMaterial(ctx, resolution.credentials, what);
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

/** Without an id or an operation: the profile's one credential, or its own auth; several are for the user to name. */
function defaultCredential(credentials: ProfileCredentials): { credential?: string } {
  const ids = Object.keys(credentials.bindings);
  const { api, profile } = credentials;
  if (ids.length === 0 && credentials.hasProfileAuth) return {};
  if (ids.length === 1 && !credentials.hasProfileAuth) return { credential: ids[0]! };
  if (ids.length === 0) throw new OkapiError(`profile ${profile} of API ${api} has no auth and no credentials`, { hint: `okapi api auth add ${api} <credential-id>` });
  const all = [...(credentials.hasProfileAuth ? ['its own auth'] : []), ...ids];
  throw new UsageError(`profile ${profile} of API ${api} has several credentials (${all.join(', ')}); say which one`, { hint: `okapi api auth get ${api} ${ids[0]}` });
}

function printMaterial(ctx: { stdout: (text: string) => void; stderr: (text: string) => void }, credentials: ResolvedCredential[], what: string): number {
  const headers = credentials.flatMap((c) => headerLines(c, false));
  const query = credentials.flatMap((c) => queryLines(c, false));
  if (headers.length + query.length > 0) ctx.stdout(`${[...headers, ...query].join('\n')}\n`);
  const nonHeader = credentials.filter((c) => Object.keys(c.headers).length === 0 || Object.keys(c.query).length > 0);
  if (nonHeader.length === 0) return 0;
  printProblem(ctx.stderr, `${what} authenticates ${nonHeader.map((c) => `${nameOf(c)} ${Object.keys(c.query).length > 0 ? 'with query parameters' : 'without any header'}`).join(', ')}, not with headers alone`);
  return 1;
}

function printHeaderValue(stdout: (text: string) => void, credentials: ResolvedCredential[], what: string): number {
  const headers = credentials.flatMap((c) => Object.entries(c.headers).flatMap(([name, values]) => values.map((value) => ({ name, value }))));
  const query = credentials.flatMap((c) => Object.keys(c.query));
  if (headers.length !== 1 || query.length > 0) {
    const sets = [headers.length > 0 ? `the headers ${headers.map((h) => h.name).join(', ')}` : 'no header', ...(query.length > 0 ? [`the query parameters ${query.join(', ')}`] : [])];
    throw new OkapiError(`--print-header prints one header, and the auth of ${what} sets ${sets.join(' and ')}`, { hint: 'leave out --print-header to see all of it' });
  }
  stdout(`${headers[0]!.value}\n`);
  return 0;
}

function nameOf(credential: ResolvedCredential): string {
  return credential.credential !== undefined ? `credential ${credential.credential}` : `its ${credential.type} auth`;
}
