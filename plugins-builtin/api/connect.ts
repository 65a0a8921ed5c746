/**
 * `okapi api connect <name> <url> [setup-expression…]`: registers an API. The description is
 * found and loaded, its operations indexed and cached, and the entry written under the config
 * lock, so a failure anywhere before that leaves the config as it was.
 *
 * A new API gets profiles from the description's `x-cli-config` (prompts answered by setup
 * expressions, a terminal or `--yes`); a reconnect keeps the profiles it has unless `--replace`.
 * Setup expressions are shorthand: `prompt.<name>: <value>` answers a prompt, other fields patch
 * the entry as `api set` would.
 */
import { dirname } from 'node:path';
import type { CommandContext } from '../../sdk/types.js';
import { UsageError } from '../../sdk/shared/errors.js';
import { apiEntry, DEFAULT_PROFILE, profilesOf, type ApiEntry, type Profile } from '../../sdk/shared/api-config.js';
import { apiNameProblem } from '../../sdk/shared/api-names.js';
import { updateConfig } from '../../sdk/config-update.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { normalizeTargetUrl } from '../../sdk/shared/target-url.js';
import { redactUrl } from '../../sdk/shared/redact.js';
import { loadSpec, specArgument } from './load-spec.js';
import { describeSource, indexSpec, operationCount, reportExtensions, reportProblems, withBaseUrl, writeSaved, type Saved } from './save.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';
import { parseArguments } from '../../sdk/arguments.js';
import { CONNECT } from './arguments.js';
import { buildProfiles, normalizeXCliConfig } from './x-cli-config.js';
import { deepMerge } from './deep-merge.js';
import { checkTlsFiles, describeTlsFiles, withTlsFiles, type TlsFiles } from './tls-files.js';

export const apiConnect: ApiVerb = async (init, args, ctx) => {
  try {
    const parsed = parseArguments(args, CONNECT);
    const [name, url, ...setup] = parsed.positionals as [string, string, ...string[]];
    await checkName(name, ctx);
    const base = baseUrl(url);
    const { answers, patch } = await setupExpressions(setup);
    const spec = parsed.value('spec');
    if (spec !== undefined && parsed.flags.has('no-discover')) throw new UsageError('--spec and --no-discover do not go together');
    if (spec !== undefined) specArgument(spec); // a missing file is a usage error, before anything else

    const tlsFiles = init.tls_files;
    if (tlsFiles) checkTlsFiles(tlsFiles);
    // Saved to -p's profile, else to the one the API's requests use without -p.
    const tlsProfile = init.profile ?? DEFAULT_PROFILE;
    const saveTls = (entry: ApiEntry): ApiEntry => (tlsFiles ? withTlsFiles(entry, tlsProfile, tlsFiles) : entry);

    const path = init.config_path;
    const existing = await ctx.apis.get(name);
    const baseText = displayUrl(base);

    if (parsed.flags.has('no-discover')) {
      await writeEntry(ctx, name, (current) => {
        const entry: ApiEntry = { ...(current ?? {}), base_url: baseText };
        if (!isPlainObject(entry.profiles)) entry.profiles = { default: {} };
        return saveTls(applyPatch(entry, patch));
      });
      ctx.stderr(`okapi: saved ${name} (${baseText}) without discovering its description\n`);
      reportTlsFiles(ctx, name, tlsProfile, tlsFiles);
      return 0;
    }

    const pins: ApiEntry | undefined = existing && spec === undefined ? existing : undefined;
    const loaded = await loadSpec(ctx, {
      base,
      entry: pins,
      ...(spec !== undefined ? { specOverride: spec } : {}),
      allowCrossOrigin: parsed.flags.has('allow-cross-origin-spec'),
      configDir: dirname(path),
      // A reconnect fetches with the TLS files the API's profile already has (-p may name one to be made).
      ...(existing && (init.profile === undefined || Object.hasOwn(profilesOf(existing), init.profile)) ? { tlsApi: name } : {}),
      sync: false,
      note: (line) => ctx.stderr(`okapi: ${line}\n`),
    });

    // Profiles: kept on reconnect, made from x-cli-config for a new API or with --replace.
    const keep = existing !== undefined && !parsed.flags.has('replace') && Object.keys(profilesOf(existing)).length > 0;
    let profiles: Record<string, Profile> | undefined;
    const entryForIndex: ApiEntry = { ...(existing ?? {}), ...patch };
    const saved = indexSpec(entryForIndex, loaded);
    if (!keep) {
      const suggested = normalizeXCliConfig(loaded.document['x-cli-config']);
      for (const warning of suggested.warnings) ctx.stderr(`okapi: warning: ${warning}\n`);
      profiles = await buildProfiles(suggested.profiles, saved.index.security_schemes, {
        answers,
        interactive: init.tty.stdin && init.tty.stderr,
        yes: parsed.flags.has('yes'),
        ask: (message, secret) => ctx.prompt(message, { secret }),
      });
      if (Object.keys(profiles).length === 0) profiles = { default: {} };
    } else if (Object.keys(answers).length > 0) {
      ctx.stderr(`okapi: warning: the prompt answers are not used: ${name} keeps its profiles (recreate them with --replace)\n`);
    }

    await writeSaved(ctx, name, saved, (current) => {
      const entry: ApiEntry = { ...(current ?? {}), base_url: baseText, discovery: saved.discovery };
      if (spec !== undefined) {
        const target = specArgument(spec);
        delete entry.spec_files;
        delete entry.spec_url;
        if ('url' in target) entry.spec_url = target.url;
        else entry.spec_files = [target.path];
      }
      if (profiles !== undefined) entry.profiles = profiles;
      else if (!isPlainObject(entry.profiles)) entry.profiles = { default: {} };
      return saveTls(applyPatch(entry, patch));
    });
    report(ctx, name, saved, existing !== undefined, keep);
    reportTlsFiles(ctx, name, tlsProfile, tlsFiles);
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

function report(ctx: CommandContext, name: string, saved: Saved, reconnect: boolean, kept: boolean): void {
  reportProblems(ctx, name, saved.index);
  reportExtensions(ctx, name, saved.index);
  const verb = reconnect ? 'reconnected' : 'connected';
  const profiles = reconnect ? (kept ? '; profiles kept' : '; profiles recreated from the description') : '';
  ctx.stderr(`okapi: ${verb} ${name}: ${operationCount(saved)} from ${describeSource(saved)}${profiles}\n`);
}

function reportTlsFiles(ctx: CommandContext, name: string, profile: string, files: TlsFiles | undefined): void {
  if (!files) return;
  ctx.stderr(`okapi: saved the TLS files to profile ${profile} of ${name}, for its requests without the flags: ${describeTlsFiles(files)}\n`);
}

/** Refuses names that break the rules or collide with a command (exit 2). */
async function checkName(name: string, ctx: CommandContext): Promise<void> {
  const plugins = await ctx.listPlugins();
  const commands = plugins.filter((p) => p.enabled && !p.refused).flatMap((p) => p.commands ?? []);
  const problem = apiNameProblem(name, commands);
  // The problem quotes the name (only its start when it is over-long).
  if (problem) throw new UsageError(`cannot name an API: ${problem}`, { hint: 'choose another name, e.g. my-api' });
}

export function baseUrl(text: string): URL {
  const url = normalizeTargetUrl(text);
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(`the URL "${redactUrl(text)}" carries user information; put credentials in a profile, not in the base URL`);
  }
  url.hash = '';
  return url;
}

/** `http://host:1/` is kept as `http://host:1`; a path is kept as given. */
function displayUrl(url: URL): string {
  return url.pathname === '/' && url.search === '' ? url.origin : url.href;
}

/** Setup expressions, joined as body arguments are: prompt answers, and the rest as a patch of the entry. */
async function setupExpressions(expressions: string[]): Promise<{ answers: Record<string, string>; patch: Record<string, unknown> }> {
  if (expressions.length === 0) return { answers: {}, patch: {} };
  // The shorthand parser (with YAML and CBOR for @files) loads only when there are expressions.
  const { applyShorthand, joinShorthandArguments, ShorthandError } = await import('../../sdk/shared/shorthand/index.js');
  let value: unknown;
  try {
    value = applyShorthand({}, joinShorthandArguments(expressions, { requestBody: false }));
  } catch (error) {
    if (error instanceof ShorthandError) {
      throw new UsageError(`invalid setup expression: ${error.message}`, error.hint === undefined ? {} : { hint: error.hint });
    }
    throw error;
  }
  if (!isPlainObject(value)) throw new UsageError('a setup expression sets fields, such as prompt.token: abc');
  const { prompt, ...patch } = value;
  const answers: Record<string, string> = {};
  if (prompt !== undefined) {
    if (!isPlainObject(prompt)) throw new UsageError('setup expression "prompt" must hold answers, such as prompt.token: abc');
    for (const [name, answer] of Object.entries(prompt)) {
      answers[name] = typeof answer === 'string' ? answer : JSON.stringify(answer);
    }
  }
  if (patch.discovery !== undefined) throw new UsageError('setup expressions cannot set discovery fields');
  return { answers, patch };
}

function applyPatch(entry: ApiEntry, patch: Record<string, unknown>): ApiEntry {
  return Object.keys(patch).length === 0 ? entry : (deepMerge(entry, patch) as ApiEntry);
}

/** Writes one API entry under the config lock, built from the entry as it is at that moment. */
async function writeEntry(ctx: CommandContext, name: string, build: (current: ApiEntry | undefined) => ApiEntry): Promise<void> {
  await updateConfig(ctx.config, (config) => {
    const apis = isPlainObject(config.apis) ? config.apis : {};
    config.apis = { ...apis, [name]: withBaseUrl(name, build(apiEntry(config, name))) };
  });
}
