/**
 * `okapi api auth inspect <api> [--credential <id>] [--operation <id-or-command-name>] [--redact]`:
 * the profile's credentials (its own auth and its bindings), the generated operations each covers,
 * and the auth each computes, by the host as a request computes it (ctx.auth). Every credential
 * is shown unless `--credential` narrows; `--operation` shows what that operation selects. A
 * credential that cannot be computed (an unset env: variable) is reported in its place and the
 * exit is 1. `--redact` masks every value an auth set (auth-material.ts).
 */
import { parseArguments } from '../../sdk/arguments.js';
import { parseForcedAuth } from '../../sdk/shared/security-selection.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { OperationIndex } from '../../sdk/shared/operation-index-format.js';
import type { ResolvedCredential } from '../../sdk/services.js';
import type { CommandContext } from '../../sdk/types.js';
import { AUTH_INSPECT } from './arguments.js';
import { headerLines, queryLines } from './auth-material.js';
import { credentialCoverage, type Coverage } from './credential-coverage.js';
import { authTarget } from './auth-target.js';
import { checkCredentials, PROFILE_AUTH, profileCredentials, type ProfileCredentials } from './profile-credentials.js';
import type { ApiVerb } from './verb.js';

export const apiAuthInspect: ApiVerb = async (init, args, ctx) => {
  try {
    const parsed = parseArguments(args, AUTH_INSPECT);
    const [api] = parsed.positionals as [string];
    const credential = parsed.value('credential');
    const operation = parsed.value('operation');
    const redact = parsed.flags.has('redact');
    const credentials = profileCredentials(await authTarget(init, ctx, api));
    const coverage = await coverageOf(ctx, credentials);
    const lines = [`API ${api}, profile ${credentials.profile}${operation !== undefined ? `, operation ${operation}` : ''}`];
    let failed = false;
    const base = { api, profile: credentials.profile };
    if (credential !== undefined) checkCredentials(credentials, credential);
    if (operation !== undefined) {
      // What the operation selects, with every selected credential's values: one resolution.
      const resolution = await ctx.auth.resolve({ ...base, operation, ...(credential !== undefined ? { credential } : {}) });
      if (resolution.warning !== undefined) lines.push(`  warning: ${resolution.warning}`);
      if (resolution.credentials.length === 0) lines.push('  sends no auth: its security requirements select none');
      for (const c of resolution.credentials) {
        const id = c.credential ?? PROFILE_AUTH;
        lines.push(titleOf(id, c.type), ...describeBinding(credentials, id, coverage), ...materialLines(c, redact));
      }
    } else {
      const ids = credential !== undefined ? parseForcedAuth(credential) : [...(credentials.hasProfileAuth ? [PROFILE_AUTH] : []), ...Object.keys(credentials.bindings)];
      if (ids.length === 0) lines.push('  no auth and no credentials', `  add one with: okapi api auth add ${api} <credential-id>`);
      for (const id of ids) {
        try {
          const resolution = await ctx.auth.resolve(id === PROFILE_AUTH ? base : { ...base, credential: id });
          lines.push(titleOf(id, resolution.credentials[0]?.type), ...describeBinding(credentials, id, coverage), ...resolution.credentials.flatMap((c) => materialLines(c, redact)));
        } catch (error) {
          failed = true;
          lines.push(titleOf(id), ...describeBinding(credentials, id, coverage), `  cannot compute it: ${(error as Error).message}`);
        }
      }
    }
    if (coverage !== undefined && coverage.uncallable.length > 0 && credential === undefined && operation === undefined) {
      lines.push(`operations this profile cannot call (a credential they need is missing): ${coverage.uncallable.join(', ')}`);
    }
    ctx.stdout(`${lines.join('\n')}\n`);
    return failed ? 1 : 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

/** Undefined for an API without a description (connected with --no-discover): it has no generated operations. */
async function coverageOf(ctx: CommandContext, credentials: ProfileCredentials): Promise<Coverage | undefined> {
  if (!credentials.entry.discovery) return undefined;
  const { index, warning } = await ctx.apis.readIndex(credentials.api);
  if (warning !== undefined) ctx.stderr(`okapi: warning: ${warning}\n`);
  return credentialCoverage(index as unknown as OperationIndex, credentials);
}

function titleOf(id: string, type?: string): string {
  const name = id === PROFILE_AUTH ? "the profile's own auth" : `credential ${id}`;
  return type !== undefined ? `${name} (${type})` : name;
}

function describeBinding(credentials: ProfileCredentials, id: string, coverage: Coverage | undefined): string[] {
  const lines: string[] = [];
  const satisfies = credentials.bindings[id];
  if (satisfies !== undefined) lines.push(`  satisfies: ${satisfies.join(' ') || '(nothing)'}`);
  const ref = credentials.authRefs[id];
  if (ref !== undefined) lines.push(`  shared auth profile: ${ref}`);
  if (coverage === undefined) lines.push('  covers: no generated operations (the API has no description)');
  else lines.push(`  covers: ${coverage.covered.get(id)?.join(', ') ?? 'none of the generated operations'}`);
  return lines;
}

function materialLines(credential: ResolvedCredential, redact: boolean): string[] {
  const material = [...headerLines(credential, redact), ...queryLines(credential, redact)];
  return material.length > 0 ? material.map((line) => `  ${line}`) : ['  sets no header or query parameter'];
}
