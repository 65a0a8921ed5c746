/**
 * `x-cli-config` (SPEC.md): a description's suggested profiles, turned into config profiles at
 * `api connect` (and `--replace`).
 *
 * - Shape: `profiles.<name>` with `headers`, `query`, `auth`, `credentials`, `security`, `params`,
 *   `prompt`; the legacy top-level `security`, `headers`, `prompt`, `params` fill in `default`.
 * - A server decides none of the local trust: `external-tool` auth, `command:` values (which would
 *   run a program) and `env:` values (which would send a local secret to the server) are skipped
 *   with a warning, and so are fields other than the ones above (`base_url`, certificates, …).
 * - Prompts are answered by setup expressions (`prompt.<name>: <value>`), else asked on a terminal,
 *   else their default with `--yes`, else the command fails naming the expression that answers it.
 * - Answers are kept in the profile's `params` (a credential's prompts in its `params`); auth
 *   params get a `{name}` template for each, unless the prompt says `exclude: true`. Templates are
 *   filled at request time (kernel/pipeline/param-templates.ts); a suggested value whose template
 *   names no param or prompt is skipped with a warning.
 * - `security` naming a security scheme gives the profile the matching auth type.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import type { AuthObject, CredentialBinding, Profile, PromptEntry } from '../../sdk/shared/api-config.js';
import type { SecuritySchemeInfo } from '../../sdk/shared/operation-index-format.js';
import { isSecretParam } from '../../sdk/shared/credential-names.js';
import { answerAsParam } from '../../sdk/shared/param-reference.js';
import { OAUTH_FLOW_TYPES, schemeAuth } from './scheme-auth.js';
import { redactField } from '../../sdk/shared/redact.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { isExactNumber, isExactNumeric, type ExactNumber } from '../../sdk/shared/exact-number.js';
import { expandTemplate, TemplateProblem } from '../../sdk/shared/template.js';

type Json = Record<string, unknown>;

const PROFILE_FIELDS = ['headers', 'query', 'auth', 'credentials', 'security', 'params', 'prompt'] as const;
const LEGACY_FIELDS = ['security', 'headers', 'prompt', 'params'] as const;

/** A profile as the description suggests it, checked and cleaned, prompts not yet answered. */
export interface SuggestedProfile {
  headers?: string[];
  query?: string[];
  auth?: AuthObject;
  credentials?: Record<string, CredentialBinding>;
  security?: unknown;
  params?: Record<string, string>;
  prompt?: Record<string, PromptEntry>;
}

export interface Normalized {
  profiles: Record<string, SuggestedProfile>;
  warnings: string[];
}

export function normalizeXCliConfig(raw: unknown): Normalized {
  const warnings: string[] = [];
  if (raw === undefined) return { profiles: {}, warnings };
  if (!isPlainObject(raw)) return { profiles: {}, warnings: ['x-cli-config is not an object; it is ignored'] };
  const profiles: Record<string, Json> = {};
  if (raw.profiles !== undefined) {
    if (!isPlainObject(raw.profiles)) warnings.push('x-cli-config.profiles is not an object; it is ignored');
    else {
      for (const [name, profile] of Object.entries(raw.profiles)) {
        if (isPlainObject(profile)) profiles[name] = { ...profile };
        else warnings.push(`x-cli-config profile ${name} is not an object; it is ignored`);
      }
    }
  }
  const legacy = LEGACY_FIELDS.filter((field) => raw[field] !== undefined);
  if (legacy.length > 0) {
    const target = (profiles.default ??= {});
    for (const field of legacy) if (target[field] === undefined) target[field] = raw[field];
  }
  const result: Record<string, SuggestedProfile> = {};
  for (const [name, profile] of Object.entries(profiles)) result[name] = cleanProfile(name, profile, warnings);
  return { profiles: result, warnings };
}

function cleanProfile(name: string, raw: Json, warnings: string[]): SuggestedProfile {
  const where = `x-cli-config profile ${name}`;
  const ignored = Object.keys(raw).filter((k) => !(PROFILE_FIELDS as readonly string[]).includes(k));
  if (ignored.length > 0) {
    warnings.push(`${where}: ${ignored.join(', ')} ignored (a description may set only ${PROFILE_FIELDS.join(', ')})`);
  }
  const out: SuggestedProfile = {};
  const params = stringValues(raw.params, `${where} params`, warnings);
  const prompt = cleanPrompts(raw.prompt, `${where} prompt`, warnings);
  // The names `{name}` templates of this profile may use: what is not one of them fails every request, so it is left out here.
  const known = new Set([...Object.keys(params ?? {}), ...Object.keys(prompt ?? {})]);
  const templated = (text: string, at: string) => templateFits(text, known, at, warnings);
  const headers = entryList(raw.headers, ': ', `${where} headers`, warnings).filter((h) => templated(h.slice(h.indexOf(':') + 1), `${where} headers`));
  if (headers.length > 0) out.headers = headers;
  const query = entryList(raw.query, '=', `${where} query`, warnings).filter((q) => templated(q.slice(q.indexOf('=') + 1), `${where} query`));
  if (query.length > 0) out.query = query;
  const auth = cleanAuth(raw.auth, `${where} auth`, warnings, templated);
  if (auth) out.auth = auth;
  if (raw.security !== undefined) out.security = raw.security;
  if (params) out.params = templatedValues(params, templated, `${where} params`);
  if (prompt) out.prompt = prompt;
  if (isPlainObject(raw.credentials)) {
    const credentials: Record<string, CredentialBinding> = {};
    for (const [id, binding] of Object.entries(raw.credentials)) {
      if (!isPlainObject(binding)) continue;
      const cw = `${where} credential ${id}`;
      const b: CredentialBinding = {};
      const bParams = stringValues(binding.params, `${cw} params`, warnings);
      const bPrompt = cleanPrompts(binding.prompt, `${cw} prompt`, warnings);
      const bKnown = new Set([...known, ...Object.keys(bParams ?? {}), ...Object.keys(bPrompt ?? {})]);
      const bTemplated = (text: string, at: string) => templateFits(text, bKnown, at, warnings);
      const bAuth = cleanAuth(binding.auth, `${cw} auth`, warnings, bTemplated);
      if (bAuth) b.auth = bAuth;
      if (typeof binding.auth_ref === 'string') b.auth_ref = binding.auth_ref;
      if (Array.isArray(binding.satisfies)) b.satisfies = binding.satisfies.filter((s): s is string => typeof s === 'string');
      if (bParams) b.params = templatedValues(bParams, bTemplated, `${cw} params`);
      if (bPrompt) b.prompt = bPrompt;
      credentials[id] = b;
    }
    if (Object.keys(credentials).length > 0) out.credentials = credentials;
  }
  return out;
}

/** Whether a value's `{name}` templates all name a known param or prompt; a warning says why not. */
function templateFits(text: string, known: Set<string>, where: string, warnings: string[]): boolean {
  try {
    expandTemplate(text, (name) => (known.has(name) ? '' : undefined));
    return true;
  } catch (error) {
    if (!(error instanceof TemplateProblem)) throw error;
    const problem = error.unknownName !== undefined ? `uses {${error.unknownName}}, which no param or prompt of the profile gives` : `is no valid template: ${error.message}`;
    warnings.push(`${where}: a value ${problem}; it is ignored`);
    return false;
  }
}

function templatedValues(values: Record<string, string>, fits: (text: string, where: string) => boolean, where: string): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => fits(value, `${where} ${name}`)));
}

/** `command:` runs a program and `env:` reads a local secret: neither is a server's to choose. */
function unsafeValue(value: string): string | undefined {
  if (/^command:/i.test(value)) return 'runs a command';
  if (/^env:/i.test(value)) return 'reads an environment variable';
  return undefined;
}

function entryList(value: unknown, separator: string, where: string, warnings: string[]): string[] {
  const entries: [string, string][] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'string') continue;
      const at = item.indexOf(separator.trim());
      entries.push(at <= 0 ? ['', item] : [item.slice(0, at).trim(), item.slice(at + 1).trim()]);
    }
  } else if (isPlainObject(value)) {
    for (const [name, v] of Object.entries(value)) if (isScalar(v)) entries.push([name, String(v)]);
  }
  return entries
    .filter(([name, v]) => {
      // A name with whitespace would not be a header the config file (or HTTP) accepts.
      if (name === '' || /\s/.test(name)) {
        warnings.push(`${where}: "${redactField(name === '' ? v : `${name}${separator}${v}`)}" is not "name${separator}value"; it is ignored`);
        return false;
      }
      const unsafe = unsafeValue(v);
      if (unsafe) warnings.push(`${where}: the value of ${name} ${unsafe}; it is skipped`);
      return !unsafe;
    })
    .map(([name, v]) => `${name}${separator}${v}`);
}

/**
 * A value a header, query or param takes as its text: a number as the description wrote it too
 * (an ExactNumber is an object, its text what a double could not hold; a bigint is no object).
 */
function isScalar(value: unknown): value is string | number | boolean | ExactNumber {
  return value !== null && (typeof value !== 'object' || isExactNumber(value));
}

/**
 * A prompt's value as the config file can hold it: an answer is text, so a number a double cannot
 * hold is kept as its text, where the config's JSON would round it.
 */
function asConfigValue(value: unknown): unknown {
  return isExactNumeric(value) ? String(value) : value;
}

function stringValues(value: unknown, where: string, warnings: string[]): Record<string, string> | undefined {
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (!isScalar(v)) continue;
    const text = String(v);
    const unsafe = unsafeValue(text);
    if (unsafe) {
      warnings.push(`${where}: the value of ${name} ${unsafe}; it is skipped`);
      continue;
    }
    out[name] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function cleanAuth(value: unknown, where: string, warnings: string[], fits: (text: string, where: string) => boolean): AuthObject | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value) || typeof value.type !== 'string' || value.type === '') {
    warnings.push(`${where} has no "type"; it is ignored`);
    return undefined;
  }
  if (value.type === 'external-tool') {
    warnings.push(`${where}: external-tool auth from a server is skipped (a description may not make okapi run programs); set it up yourself with okapi api set`);
    return undefined;
  }
  const given = stringValues(value.params, `${where} params`, warnings);
  const params = given ? templatedValues(given, fits, `${where} params`) : undefined;
  return { type: value.type, ...(params ? { params } : {}) };
}

function cleanPrompts(value: unknown, where: string, warnings: string[]): Record<string, PromptEntry> | undefined {
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, PromptEntry> = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!isPlainObject(raw)) {
      out[name] = {};
      continue;
    }
    const entry: PromptEntry = {};
    if (typeof raw.description === 'string') entry.description = raw.description;
    if (raw.example !== undefined) entry.example = asConfigValue(raw.example);
    if (raw.default !== undefined) {
      const unsafe = typeof raw.default === 'string' ? unsafeValue(raw.default) : undefined;
      if (unsafe) warnings.push(`${where} ${name}: its default ${unsafe}; it is skipped`);
      else entry.default = asConfigValue(raw.default);
    }
    if (Array.isArray(raw.enum)) entry.enum = raw.enum.map(asConfigValue);
    if (raw.exclude === true) entry.exclude = true;
    if (raw.secret === true) entry.secret = true;
    out[name] = entry;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Prompts and templates.

export interface PromptHost {
  /** Answers given as setup expressions (`prompt.<name>: <value>`). */
  answers: Record<string, string>;
  /** A terminal is attached: prompts may be asked. */
  interactive: boolean;
  /** `--yes`: prompts with a default take it without asking. */
  yes: boolean;
  ask(message: string, secret: boolean): Promise<string>;
}

function promptMessage(name: string, entry: PromptEntry): string {
  let message = entry.description?.trim() || name;
  if (entry.enum && entry.enum.length > 0) message += ` (one of ${entry.enum.map(String).join(', ')})`;
  else if (entry.example !== undefined) message += ` (e.g. ${String(entry.example)})`;
  if (entry.default !== undefined) message += ` [${String(entry.default)}]`;
  return `${message}:`;
}

function checkEnum(name: string, entry: PromptEntry, value: string): string | undefined {
  if (!entry.enum || entry.enum.length === 0 || /^env:/i.test(value)) return undefined;
  return entry.enum.map(String).includes(value) ? undefined : `"${value}" is not one of ${entry.enum.map(String).join(', ')}`;
}

/** Answers one prompt; the same name is asked once per connect. */
async function answer(name: string, entry: PromptEntry, host: PromptHost, cache: Map<string, string>): Promise<string> {
  const known = cache.get(name);
  if (known !== undefined) return known;
  let value: string | undefined;
  if (Object.hasOwn(host.answers, name)) {
    value = host.answers[name]!;
    const problem = checkEnum(name, entry, value);
    if (problem) throw new UsageError(`setup expression prompt.${name}: ${problem}`);
  } else if (host.yes && entry.default !== undefined) {
    value = String(entry.default);
  } else if (host.interactive) {
    const secret = entry.secret === true || isSecretParam(name);
    for (let attempt = 0; value === undefined; attempt++) {
      const typed = (await host.ask(promptMessage(name, entry), secret)).trim();
      const candidate = typed === '' && entry.default !== undefined ? String(entry.default) : typed;
      const problem = candidate === '' ? 'an answer is needed' : checkEnum(name, entry, candidate);
      if (!problem) value = candidate;
      else if (attempt >= 2) throw new UsageError(`no valid answer for "${name}": ${problem}`);
    }
  } else {
    const about = entry.description ? ` (${entry.description.trim()})` : '';
    throw new UsageError(`the API's x-cli-config asks for "${name}"${about}, and okapi cannot ask without a terminal`, {
      hint: `answer it with the setup expression 'prompt.${name}: <value>'${entry.default !== undefined ? ', or take its default with --yes' : ''}`,
    });
  }
  cache.set(name, value);
  return value;
}

/**
 * Turns suggested profiles into config profiles: prompts answered into `params` (a credential's
 * prompts into its own), templates kept for request time, auth derived from `security` where the
 * profile has none. Auth params get `{name}` for each param and each answer of a prompt without
 * `exclude`, unless the auth sets that param itself.
 */
export async function buildProfiles(
  suggested: Record<string, SuggestedProfile>,
  schemes: Record<string, SecuritySchemeInfo>,
  host: PromptHost,
): Promise<Record<string, Profile>> {
  const cache = new Map<string, string>();
  const profiles: Record<string, Profile> = {};
  for (const [name, suggestion] of Object.entries(suggested)) {
    const profile: Profile = {};
    if (suggestion.headers) profile.headers = suggestion.headers;
    if (suggestion.query) profile.query = suggestion.query;
    if (suggestion.security !== undefined) profile.security = suggestion.security;
    const filled = await fillParams(suggestion, host, cache);
    const auth = suggestion.auth ?? deriveAuth(suggestion.security, schemes);
    if (auth) profile.auth = withParamTemplates(auth, filled.passed);
    if (Object.keys(filled.params).length > 0) profile.params = filled.params;
    if (suggestion.credentials) {
      const credentials: Record<string, CredentialBinding> = {};
      for (const [id, binding] of Object.entries(suggestion.credentials)) {
        const bFilled = await fillParams(binding, host, cache);
        const out: CredentialBinding = {};
        if (binding.auth) out.auth = withParamTemplates(binding.auth, bFilled.passed);
        if (Object.keys(bFilled.params).length > 0) out.params = bFilled.params;
        if (binding.auth_ref) out.auth_ref = binding.auth_ref;
        if (binding.satisfies) out.satisfies = binding.satisfies;
        if (binding.prompt) out.prompt = binding.prompt;
        credentials[id] = out;
      }
      profile.credentials = credentials;
    }
    if (suggestion.prompt) profile.prompt = suggestion.prompt;
    profiles[name] = profile;
  }
  return profiles;
}

/** A profile's or binding's params: the suggested ones, then its prompts' answers; `passed`: the names auth params receive. */
async function fillParams(
  owner: { params?: Record<string, string>; prompt?: Record<string, PromptEntry> },
  host: PromptHost,
  cache: Map<string, string>,
): Promise<{ params: Record<string, string>; passed: string[] }> {
  const params: Record<string, string> = { ...(owner.params ?? {}) };
  const passed = new Set(Object.keys(params));
  for (const [promptName, entry] of Object.entries(owner.prompt ?? {})) {
    const value = await answer(promptName, entry, host, cache);
    params[promptName] = answerAsParam(value);
    if (entry.exclude) passed.delete(promptName);
    else passed.add(promptName);
  }
  return { params, passed: [...passed] };
}

function withParamTemplates(auth: AuthObject, names: string[]): AuthObject {
  const params: Record<string, string> = { ...(auth.params ?? {}) };
  for (const name of names) if (!Object.hasOwn(params, name)) params[name] = `{${name}}`;
  return { type: auth.type, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

/** The auth a security scheme calls for (DESIGN.md §6 type names), when `security` names one. */
export function deriveAuth(security: unknown, schemes: Record<string, SecuritySchemeInfo>): AuthObject | undefined {
  let name: string | undefined;
  if (typeof security === 'string') name = security;
  else if (Array.isArray(security)) {
    const first = security[0];
    name = typeof first === 'string' ? first : isPlainObject(first) ? Object.keys(first)[0] : undefined;
  } else if (isPlainObject(security)) name = Object.keys(security)[0];
  const scheme = name === undefined ? undefined : schemes[name];
  if (!scheme) return undefined;
  if (scheme.type !== 'oauth2') return schemeAuth(scheme);
  // A suggested profile does not choose among flows: the first okapi has a type for, in this order.
  for (const type of Object.values(OAUTH_FLOW_TYPES)) {
    const auth = schemeAuth(scheme, type);
    if (auth) return auth;
  }
  return undefined;
}
