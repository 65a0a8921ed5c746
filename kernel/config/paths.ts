/**
 * Where okapi's files live (DESIGN.md §4): the config file, and the cache directory derived from it.
 * Every input (flag, environment, platform, home) is a parameter so the rules can be tested for any
 * platform from any platform.
 */

import { homedir } from 'node:os';
import nodePath from 'node:path';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';

export interface ConfigLocation {
  /** Absolute path of the config file (it may not exist yet). */
  path: string;
  /** how it was chosen */
  source: 'flag' | 'env' | 'default';
}

const CONFIG_FILE = 'config.json';
const APP_DIR = 'okapi';

function pathFor(platform: NodeJS.Platform): nodePath.PlatformPath {
  return platform === 'win32' ? nodePath.win32 : nodePath.posix;
}

/** An environment variable that is set to something other than the empty string. */
function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * An XDG base directory: the XDG Base Directory spec says relative values are invalid and must be
 * ignored, so they fall through to the default rather than land somewhere cwd-dependent.
 */
function xdgDir(env: NodeJS.ProcessEnv, name: string, platform: NodeJS.Platform): string | undefined {
  const value = envValue(env, name);
  return value !== undefined && pathFor(platform).isAbsolute(value) ? value : undefined;
}

function requireHome(home: string, what: string, variable: string): string {
  if (home === '') {
    throw new OkapiError(`cannot locate the ${what}: the home directory is unknown`, {
      hint: `set ${variable} (or HOME) to choose where okapi keeps it`,
    });
  }
  return home;
}

/**
 * `--okapi-config` > `OKAPI_CONFIG` > `$XDG_CONFIG_HOME/okapi/config.json` > `~/.config/okapi/config.json`
 * (macOS too); on Windows the default is `%APPDATA%\okapi\config.json` and XDG variables are not
 * consulted. Relative flag and variable values resolve against the current directory.
 */
export function resolveConfigLocation(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): ConfigLocation {
  const path = pathFor(platform);
  if (flag !== undefined) {
    if (flag.trim() === '') {
      throw new UsageError('--okapi-config needs a file path, got an empty value', {
        hint: 'pass the config file to use, e.g. --okapi-config ./okapi.json',
      });
    }
    return { path: path.resolve(process.cwd(), flag), source: 'flag' };
  }
  const fromEnv = envValue(env, 'OKAPI_CONFIG');
  if (fromEnv !== undefined) return { path: path.resolve(process.cwd(), fromEnv), source: 'env' };

  if (platform === 'win32') {
    const appData =
      envValue(env, 'APPDATA') ??
      path.join(requireHome(home, 'config file', 'OKAPI_CONFIG'), 'AppData', 'Roaming');
    return { path: path.join(appData, APP_DIR, CONFIG_FILE), source: 'default' };
  }
  const base =
    xdgDir(env, 'XDG_CONFIG_HOME', platform) ??
    path.join(requireHome(home, 'config file', 'OKAPI_CONFIG'), '.config');
  return { path: path.join(base, APP_DIR, CONFIG_FILE), source: 'default' };
}

/**
 * `OKAPI_CACHE_DIR`, else a `cache/` folder beside an explicitly chosen config file (so a
 * self-contained setup stays self-contained), else `$XDG_CACHE_HOME/okapi`, else `~/.cache/okapi`;
 * on Windows `%LOCALAPPDATA%\okapi\cache`.
 */
export function resolveCacheDir(
  location: ConfigLocation,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const path = pathFor(platform);
  const explicit = envValue(env, 'OKAPI_CACHE_DIR');
  if (explicit !== undefined) return path.resolve(process.cwd(), explicit);
  if (location.source !== 'default') return path.join(path.dirname(location.path), 'cache');

  if (platform === 'win32') {
    const localAppData =
      envValue(env, 'LOCALAPPDATA') ??
      path.join(requireHome(home, 'cache directory', 'OKAPI_CACHE_DIR'), 'AppData', 'Local');
    return path.join(localAppData, APP_DIR, 'cache');
  }
  const base =
    xdgDir(env, 'XDG_CACHE_HOME', platform) ??
    path.join(requireHome(home, 'cache directory', 'OKAPI_CACHE_DIR'), '.cache');
  return path.join(base, APP_DIR);
}

/** The directory holding the config file; the token cache, plugin manifest cache and `plugins/` live here. */
export function configDir(location: ConfigLocation): string {
  // A drive-letter or UNC path is a Windows path whatever platform this runs on.
  const windowsPath = /^[A-Za-z]:[\\/]|^\\\\/.test(location.path);
  return (windowsPath ? nodePath.win32 : nodePath).dirname(location.path);
}
