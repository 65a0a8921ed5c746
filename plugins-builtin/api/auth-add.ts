/**
 * `okapi api auth add <api> <credential-id> [setup-expression…]`: adds or completes the binding
 * `apis.<api>.profiles.<profile>.credentials.<credential-id>` (docs/design/029-auth-commands.md).
 *
 * - Prefilled from the cached security scheme of that name (scheme-auth.ts): the auth type, and
 *   what the scheme says (`in`/`name` of an API key, OAuth URLs and scopes, the OIDC issuer).
 * - Setup expressions are shorthand rooted at the binding (`auth.params.token: env:TOKEN`,
 *   `satisfies: [read]`), as `api set` patches are rooted at the API.
 * - Params the user must give (AUTH_TYPE_PARAMS) are asked on a terminal; without one, a required
 *   param still missing fails with the whole command to run.
 * - An id that is no scheme is a custom binding (said so); a `mutualTLS` scheme is refused: TLS
 *   settings meet it. An existing binding keeps its values and gains what is new; the report names
 *   the fields added or changed, never their values.
 */
import type { CommandContext, CommandInit } from '../../sdk/types.js';
import { UsageError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { profilesOf, type AuthObject, type CredentialBinding } from '../../sdk/shared/api-config.js';
import type { SecuritySchemeInfo } from '../../sdk/shared/operation-index-format.js';
import { answerAsParam } from '../../sdk/shared/param-reference.js';
import { parseArguments } from '../../sdk/arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import { AUTH_ADD } from './arguments.js';
import { authTarget, type AuthTarget } from './auth-target.js';
import { AUTH_TYPE_PARAMS, schemeAuth, type TypeParam } from './scheme-auth.js';
import { checkCredentialId } from './credential-id.js';
import { deepMerge } from './deep-merge.js';
import { updateBindings } from './update-bindings.js';
import type { ApiVerb } from './verb.js';

const BINDING_FIELDS = ['auth', 'auth_ref', 'satisfies', 'prompt', 'params'];

/** How often a required param is asked again after an empty answer. */
const ASKS = 3;

export const apiAuthAdd: ApiVerb = async (init, args, ctx) => {
  try {
    const [api, id, ...setup] = parseArguments(args, AUTH_ADD).positionals as [string, string, ...string[]];
    checkCredentialId(id);
    const target = await authTarget(init, ctx, api);
    const given = await setupBinding(setup);
    const schemes = await securitySchemes(ctx, target);
    const scheme = Object.hasOwn(schemes, id) ? schemes[id] : undefined;
    const where = `credential ${id} of ${api} (profile ${target.profile})`;
    if (scheme?.type === 'mutualTLS') {
      throw new UsageError(`${id} is a mutualTLS security scheme of ${api}: a client certificate meets it, not a credential binding`, {
        hint: `set the profile's client_cert and client_key: okapi api set ${api} 'profiles.${target.profile}.client_cert: <file.pem>' 'profiles.${target.profile}.client_key: <key.pem>' (or use --okapi-client-cert and --okapi-client-key)`,
      });
    }
    if (!scheme) noteCustomBinding(ctx, target, id, Object.keys(schemes));
    const existing = bindingIn(target, id);
    const compose = (current: CredentialBinding | undefined, answers: Record<string, string>) => {
      const type = authType(given) ?? current?.auth?.type;
      // A binding to a shared auth profile (auth_ref) gets its auth there, not from the scheme.
      const shared = current?.auth_ref !== undefined || given.auth_ref !== undefined;
      const prefill = scheme && !shared ? prefilledAuth(id, scheme, type) : undefined;
      const base: CredentialBinding = prefill && (type === undefined || prefill.type === type) ? { auth: prefill } : {};
      const answered: CredentialBinding = Object.keys(answers).length > 0 ? { auth: { type: type ?? prefill!.type, params: answers } } : {};
      return deepMerge(deepMerge(deepMerge(base, current ?? {}), given), answered) as CredentialBinding;
    };

    const missing = missingParams(compose(existing, {}));
    const answers = missing.length > 0 ? await paramAnswers(init, ctx, target, id, setup, missing) : {};

    let before: CredentialBinding | undefined;
    let after: CredentialBinding = {};
    await updateBindings(ctx, target, (bindings) => {
      before = Object.hasOwn(bindings, id) ? bindings[id] : undefined;
      after = compose(before, answers);
      return { ...bindings, [id]: after };
    });
    ctx.stderr(`okapi: ${report(where, before, after, scheme !== undefined)}\n`);
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

function noteCustomBinding(ctx: CommandContext, target: AuthTarget, id: string, schemes: string[]): void {
  const why =
    target.entry.discovery === undefined
      ? `${target.api} has no cached description (connected with --no-discover), so ${id} is no security scheme of it`
      : `${id} is not a security scheme of ${target.api}${schemes.length > 0 ? ` (its schemes: ${schemes.join(', ')})` : ''}`;
  ctx.stderr(`okapi: ${why}; adding it as a custom binding\n`);
}

/**
 * Values for the missing params: asked on a terminal; without one, a required param missing is a
 * usage error giving the whole command to run (the user's own expressions and the missing ones).
 */
async function paramAnswers(init: CommandInit, ctx: CommandContext, target: AuthTarget, id: string, setup: string[], missing: TypeParam[]): Promise<Record<string, string>> {
  if (init.tty.stdin && init.tty.stderr) return askParams(ctx, id, missing);
  const required = missing.filter((p) => p.required);
  if (required.length > 0) {
    const expressions = [...setup, ...required.map((p) => `auth.params.${p.name}: <value>`)].map(shellQuote).join(' ');
    throw new UsageError(
      `credential ${id} of ${target.api} (profile ${target.profile}) needs ${required.map((p) => `auth.params.${p.name}`).join(', ')}, and okapi cannot ask without a terminal`,
      { hint: `run: okapi api auth add ${target.api}${target.profileFlag} ${id} ${expressions}  (a value may be env:VAR or command:<command-line>)` },
    );
  }
  return {};
}

/** The binding the setup expressions give, checked for the fields a binding has. */
async function setupBinding(expressions: string[]): Promise<Record<string, unknown>> {
  if (expressions.length === 0) return {};
  const { applyShorthand, joinShorthandArguments, ShorthandError } = await import('../../sdk/shared/shorthand/index.js');
  let value: unknown;
  try {
    value = applyShorthand({}, joinShorthandArguments(expressions, { requestBody: false }));
  } catch (error) {
    if (error instanceof ShorthandError) throw new UsageError(`invalid setup expression: ${error.message}`, { hint: error.hint ?? AUTH_ADD.usage });
    throw error;
  }
  if (!isPlainObject(value)) throw new UsageError('a setup expression sets fields of the binding, such as auth.params.token: env:TOKEN');
  const unknown = Object.keys(value).filter((key) => !BINDING_FIELDS.includes(key));
  if (unknown.length > 0) {
    throw new UsageError(`a credential binding has no field ${unknown.join(', ')}`, { hint: `its fields: ${BINDING_FIELDS.join(', ')}; e.g. 'auth.params.token: env:TOKEN'` });
  }
  return value;
}

function authType(binding: Record<string, unknown>): string | undefined {
  const auth = binding.auth;
  return isPlainObject(auth) && typeof auth.type === 'string' ? auth.type : undefined;
}

/** The scheme's auth, or a usage error when okapi has none for it and the user named no type. */
function prefilledAuth(id: string, scheme: SecuritySchemeInfo, type: string | undefined): AuthObject | undefined {
  try {
    const auth = schemeAuth(scheme, type);
    if (auth || type !== undefined) return auth;
  } catch (error) {
    if (error instanceof Error) throw new UsageError(`security scheme ${id}: ${error.message}`, { hint: (error as { hint?: string }).hint ?? AUTH_ADD.usage });
  }
  const kind = [scheme.type, scheme.scheme].filter(Boolean).join(' ');
  throw new UsageError(`okapi has no auth type for the security scheme ${id} (${kind})`, {
    hint: "name one with the setup expression 'auth.type: <type>' (an auth plugin's name; see okapi plugin list)",
  });
}

async function securitySchemes(ctx: CommandContext, target: AuthTarget): Promise<Record<string, SecuritySchemeInfo>> {
  if (target.entry.discovery === undefined) return {}; // connected with --no-discover: no description
  const schemes = (await ctx.apis.readIndex(target.api)).index.security_schemes;
  return isPlainObject(schemes) ? (schemes as Record<string, SecuritySchemeInfo>) : {};
}

function bindingIn(target: AuthTarget, id: string): CredentialBinding | undefined {
  const credentials = profilesOf(target.entry)[target.profile]?.credentials;
  return isPlainObject(credentials) && Object.hasOwn(credentials, id) ? credentials[id] : undefined;
}

/** The params of the binding's auth type that are not set yet. */
function missingParams(binding: CredentialBinding): TypeParam[] {
  const type = binding.auth?.type;
  if (type === undefined) return [];
  const params = binding.auth?.params ?? {};
  return (AUTH_TYPE_PARAMS[type] ?? []).filter((p) => typeof params[p.name] !== 'string' || params[p.name] === '');
}

/** Asks each param on the terminal; an answer is kept as typed (answerAsParam). */
async function askParams(ctx: CommandContext, id: string, params: TypeParam[]): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const param of params) {
    const message = `${id} ${param.name}${param.required ? '' : ' (Enter to skip)'}:`;
    for (let asked = 1; ; asked++) {
      const typed = (await ctx.prompt(message, { secret: param.secret })).trim();
      if (typed !== '') {
        answers[param.name] = answerAsParam(typed);
        break;
      }
      if (!param.required) break;
      if (asked >= ASKS) throw new UsageError(`no value for ${id} ${param.name}`, { hint: `give it as a setup expression: 'auth.params.${param.name}: <value>'` });
    }
  }
  return answers;
}

/** What was done, naming fields, never values. */
function report(where: string, before: CredentialBinding | undefined, after: CredentialBinding, fromScheme: boolean): string {
  const type = after.auth?.type;
  if (before === undefined) {
    const what = type !== undefined ? `${type} auth` : after.auth_ref !== undefined ? `auth_ref ${after.auth_ref}` : 'an empty binding';
    return `added ${where}: ${what}${fromScheme ? ', prefilled from its security scheme' : ''}`;
  }
  const old = leaves(before);
  const now = leaves(after);
  const added = [...now.keys()].filter((path) => !old.has(path));
  const changed = [...now.keys()].filter((path) => old.has(path) && old.get(path) !== now.get(path));
  if (added.length === 0 && changed.length === 0) return `${where} is already set up; nothing changed`;
  const parts = [added.length > 0 ? `added ${added.join(', ')}` : '', changed.length > 0 ? `changed ${changed.join(', ')}` : ''].filter(Boolean);
  return `updated ${where}: ${parts.join('; ')}; the rest is kept`;
}

/** Every leaf of a binding by its path (`auth.params.token`), as JSON text to compare. */
function leaves(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) leaves(child, path === '' ? key : `${path}.${key}`, out);
  } else out.set(path, JSON.stringify(value));
  return out;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
