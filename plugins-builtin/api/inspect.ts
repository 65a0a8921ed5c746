/**
 * `okapi api inspect <name>`: the saved entry as JSON, with secrets masked: auth and profile param
 * values (but for the few that only say how to authenticate), credential headers and credential
 * query values. Names stay visible, and so do `env:` / `command:` references, which are not
 * secrets themselves.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { REDACTED, redactField, redactUrl, splitField } from '../../sdk/shared/redact.js';
import { parseArguments } from '../../sdk/arguments.js';
import { INSPECT } from './arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/shared/api-names.js';

export const apiInspect: ApiVerb = async (init, args, ctx) => {
  try {
    const [name] = parseArguments(args, INSPECT).positionals as [string];
    refuseOverlongApiName(name);
    const entry = await ctx.apis.get(name);
    if (!entry) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
    ctx.stdout(`${JSON.stringify(redactEntry(entry), null, 2)}\n`);
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

function isReference(value: string): boolean {
  return /^(env|command):/i.test(value);
}

/**
 * Auth params that say how to authenticate, not with what: shown. Every other value is masked
 * (default deny: an external auth plugin may name its secrets anything), unless it is a reference.
 */
const PUBLIC_PARAMS = new Set([
  'in',
  'name',
  'header',
  'prefix',
  'scheme',
  'username',
  'client_id',
  'token_url',
  'issuer_url',
  'authorization_url',
  'device_authorization_url',
  'scopes',
  'audience',
  'auth_method',
  'redirect_path',
  'redirect_port',
  'realm',
]);

function maskParams(params: unknown): unknown {
  if (!isPlainObject(params)) return params;
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => {
      // The list is explicit: token_url and auth_method are shown although the credential rule flags their words.
      const shown = PUBLIC_PARAMS.has(k.toLowerCase()) || (typeof v === 'string' && isReference(v));
      return [k, shown ? v : REDACTED];
    }),
  );
}

function maskAuth(auth: unknown): unknown {
  if (!isPlainObject(auth)) return auth;
  return { ...auth, ...(auth.params !== undefined ? { params: maskParams(auth.params) } : {}) };
}

/**
 * Header and query entries through the one redaction rule (also for an entry whose colon was
 * forgotten: `Authorization Bearer …`); `env:` / `command:` references stay visible.
 */
function maskEntries(entries: unknown): unknown {
  if (!Array.isArray(entries)) return entries;
  return entries.map((e) => (typeof e !== 'string' || isReference(splitField(e).value) ? e : redactField(e, REDACTED)));
}

/** User information and credential query values masked; a URL without either is left as written. */
function maskUrl(value: unknown): unknown {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !/[@?]/.test(value)) return value;
  return redactUrl(value);
}

function maskProfile(profile: unknown): unknown {
  if (!isPlainObject(profile)) return profile;
  const out: Record<string, unknown> = { ...profile };
  if (out.headers !== undefined) out.headers = maskEntries(out.headers);
  if (out.query !== undefined) out.query = maskEntries(out.query);
  if (out.auth !== undefined) out.auth = maskAuth(out.auth);
  if (out.params !== undefined) out.params = maskParams(out.params);
  if (out.base_url !== undefined) out.base_url = maskUrl(out.base_url);
  if (isPlainObject(out.credentials)) {
    out.credentials = Object.fromEntries(
      Object.entries(out.credentials).map(([id, binding]) => [
        id,
        isPlainObject(binding)
          ? { ...binding, ...(binding.auth !== undefined ? { auth: maskAuth(binding.auth) } : {}), ...(binding.params !== undefined ? { params: maskParams(binding.params) } : {}) }
          : binding,
      ]),
    );
  }
  return out;
}

function redactEntry(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...entry };
  out.base_url = maskUrl(out.base_url);
  if (out.spec_url !== undefined) out.spec_url = maskUrl(out.spec_url);
  if (isPlainObject(out.profiles)) {
    out.profiles = Object.fromEntries(Object.entries(out.profiles).map(([name, p]) => [name, maskProfile(p)]));
  }
  if (isPlainObject(out.discovery) && typeof out.discovery.source === 'string') {
    out.discovery = { ...out.discovery, source: maskUrl(out.discovery.source) };
  }
  return out;
}
