/** Finds `okapi-*` executables: the config directory's `plugins/` first, then OKAPI_PLUGIN_PATH. */
import { readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface FoundExecutable {
  path: string;
  /** Size and nanosecond mtime, for the manifest cache (one stat per file, at discovery). */
  stamp: { size: number; mtime_ns: string };
  /** Set when the file cannot be run at all. */
  problem?: string;
}

export function pluginDirectories(configDir: string, pluginPathEnv: string | undefined): string[] {
  const extra = (pluginPathEnv ?? '').split(delimiter).filter((dir) => dir !== '');
  return [join(configDir, 'plugins'), ...extra];
}

export function findPluginExecutables(directories: string[]): FoundExecutable[] {
  const found: FoundExecutable[] = [];
  for (const dir of directories) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // A missing plugin directory simply has no plugins.
    }
    for (const name of names.sort()) {
      if (!name.startsWith('okapi-')) continue;
      const path = join(dir, name);
      try {
        const stat = statSync(path, { bigint: true });
        if (!stat.isFile()) continue;
        const runnable = process.platform === 'win32' || (stat.mode & 0o111n) !== 0n;
        const stamp = { size: Number(stat.size), mtime_ns: stat.mtimeNs.toString() };
        found.push(runnable ? { path, stamp } : { path, stamp, problem: `${path} is not executable: run chmod +x on it` });
      } catch {
        continue; // A dangling link is not a plugin.
      }
    }
  }
  return found;
}
