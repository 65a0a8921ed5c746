/**
 * The rendered root help, kept in the cache so `okapi --help` is answered by the entry file alone,
 * the way `--version` is: loading the kernel costs more than the whole help budget allows. The key
 * covers everything the text depends on: this build, the config file (plugins turned off) and every
 * plugin executable (name, size, nanosecond mtime); any change means a miss, and the kernel renders
 * the help again and stores it.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, resolveCacheDir, resolveConfigLocation } from '../config/paths.js';
import { pluginDirectories } from '../plugins/discovery.js';

export interface HelpCache {
  key: string;
  path: string;
}

/** Where the help text is kept and the key it must match; undefined when that cannot be known. */
export function helpCacheFor(env: NodeJS.ProcessEnv, kernelFile: string, version: string): HelpCache | undefined {
  try {
    return { key: helpCacheKey(env, `${version}:${stampOf(kernelFile)}`), path: join(resolveCacheDir(resolveConfigLocation(undefined, env), env), 'help.txt') };
  } catch {
    return undefined; // no home directory, say: the kernel renders help and reports any problem
  }
}

function helpCacheKey(env: NodeJS.ProcessEnv, build: string): string {
  const location = resolveConfigLocation(undefined, env);
  const parts = [build, stampOf(location.path)];
  for (const dir of pluginDirectories(configDir(location), env.OKAPI_PLUGIN_PATH)) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.startsWith('okapi-')).sort();
    } catch {
      // No such directory: no plugins from it.
    }
    parts.push(dir, ...names.map((name) => `${name}:${stampOf(join(dir, name))}`));
  }
  return parts.join('\n');
}

/** The cached text when its key matches, else undefined. */
export function cachedHelp({ path, key }: HelpCache): string | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    const end = text.indexOf('\n\u0000\n');
    return end !== -1 && text.slice(0, end) === key ? text.slice(end + 3) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the text; a cache is an optimisation, so failing to write it changes nothing. */
export function storeHelp({ path, key }: HelpCache, text: string): void {
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${key}\n\u0000\n${text}`, { mode: 0o600 });
    renameSync(temporary, path);
  } catch {
    // Read-only cache directory: help is rendered each time.
  }
}

function stampOf(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${stat.mode}`;
  } catch {
    return 'missing';
  }
}
