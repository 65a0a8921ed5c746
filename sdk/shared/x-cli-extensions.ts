/**
 * The `x-cli-*` extensions that change what okapi does with an API (SPEC.md "OpenAPI extensions"),
 * described for people: the summary `api connect` / `api sync` print and `okapi doctor api` shows.
 * Plain `x-cli-description` only replaces help text and is not reported.
 */
import type { ExtensionUse } from './extension-uses.js';

export { formatExtensionUses, type ExtensionUse } from './extension-uses.js';

/** Extensions okapi understands, by where they may appear. */
const KNOWN = new Set(['x-cli-name', 'x-cli-aliases', 'x-cli-description', 'x-cli-hidden', 'x-cli-ignore', 'x-cli-config']);

/** Adds the unknown `x-cli-*` keys of an object to `found`; `where` is computed only if there are any. */
export function unknownExtensions(object: Record<string, unknown>, where: string | (() => string), found: ExtensionUse[] = []): ExtensionUse[] {
  for (const key in object) {
    if (key.charCodeAt(0) === 120 /* x */ && key.startsWith('x-cli-') && !KNOWN.has(key)) {
      found.push({ where: typeof where === 'string' ? where : where(), extension: key, effect: 'not an extension okapi knows; it is ignored', unknown: true });
    }
  }
  return found;
}

export function truthy(value: unknown): boolean {
  return value === true || value === 'true';
}

/** What a document-level `x-cli-config` pre-populates, in a few words. */
export function describeXCliConfig(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'is not an object; it is ignored';
  const config = value as Record<string, unknown>;
  const profiles = new Map<string, Record<string, unknown>>();
  if (config.profiles !== null && typeof config.profiles === 'object' && !Array.isArray(config.profiles)) {
    for (const [name, profile] of Object.entries(config.profiles as Record<string, unknown>)) {
      if (profile !== null && typeof profile === 'object' && !Array.isArray(profile)) profiles.set(name, profile as Record<string, unknown>);
    }
  }
  const legacy = ['security', 'headers', 'prompt', 'params'].filter((field) => config[field] !== undefined);
  if (legacy.length > 0) {
    const base = profiles.get('default') ?? {};
    profiles.set('default', { ...Object.fromEntries(legacy.map((f) => [f, config[f]])), ...base });
  }
  if (profiles.size === 0) return 'pre-populates no profile';
  const parts = [...profiles].map(([name, profile]) => {
    const fields = ['headers', 'query', 'auth', 'credentials', 'security', 'params', 'prompt'].filter((f) => profile[f] !== undefined);
    const prompts = profile.prompt !== null && typeof profile.prompt === 'object' ? Object.keys(profile.prompt as object) : [];
    const detail = fields.map((f) => (f === 'prompt' && prompts.length > 0 ? `prompts ${prompts.join(', ')}` : f));
    return detail.length > 0 ? `${name} (${detail.join(', ')})` : name;
  });
  return `pre-populates profile${profiles.size === 1 ? '' : 's'} ${parts.join('; ')} at api connect`;
}
