/**
 * Rendered help kept in the cache directory, so `okapi --help` and `okapi <api> --help` are
 * answered by the entry file alone, the way `--version` is: loading the kernel costs more than the
 * help budget allows. Each copy records the build and every file its text depends on (the config,
 * plugin directories and executables, an API's help index and local spec files) with size and
 * nanosecond mtime; any change is a miss, and the kernel renders the help again and stores it.
 */
import { fstatSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, resolveCacheDir, resolveConfigLocation } from '../config/paths.js';
import { pluginDirectories } from '../plugins/discovery.js';
import { writeFileQuietly } from '../config/atomic-write.js';

export interface HelpCache {
  path: string;
  build: string;
}

interface Header {
  build: string;
  files: [path: string, stamp: string][];
}

const SEPARATOR = '\n\u0000\n';

/** A word that may name an API, a tag or a command in a cache file's name. */
const COMMAND_WORD = /^[^./\\\-:\0][^/\\\0:?#]*$/;

/**
 * The cached copy an argv would print, if it is a help request the entry may answer: `--help`,
 * `-h` or `help` (the root help); one word (an API name), alone or with `--help`; or an API's
 * generated command (`<api> <command> --help`, `<api> <tag> <command> --help`). Undefined otherwise.
 */
export function helpCacheFor(argv: string[], env: NodeJS.ProcessEnv, kernelFile: string, version: string): HelpCache | undefined {
  const [first, second] = argv;
  let name: string;
  if ((argv.length === 1 && (first === '--help' || first === '-h')) || (first === 'help' && (argv.length === 1 || second === '--help'))) name = 'help.txt';
  else if ((argv.length === 1 || (argv.length === 2 && second === '--help')) && first !== undefined && COMMAND_WORD.test(first)) {
    name = `help-api-${first}.txt`;
  } else if ((argv.length === 3 || argv.length === 4) && argv[argv.length - 1] === '--help' && first !== 'help' && argv.slice(0, -1).every((word) => COMMAND_WORD.test(word))) {
    name = `help-op-${argv.slice(0, -1).map(encodeURIComponent).join('~')}.txt`;
  } else return undefined;
  // An API's help shows the selected profile and fits a terminal's width (or COLUMNS): kept for
  // files and pipes with the default profile and width only.
  if (name !== 'help.txt' && (env.OKAPI_PROFILE !== undefined || env.COLUMNS !== undefined || isCharacterDevice(1))) return undefined;
  return keptAnswer('help', name, env, kernelFile, version);
}

/** Where an answer named `name` is kept in the cache directory's `folder`; undefined when it cannot be. */
export function keptAnswer(folder: string, name: string, env: NodeJS.ProcessEnv, kernelFile: string, version: string): HelpCache | undefined {
  // Longer names than file systems take: such an answer is not worth keeping.
  if (name.length > 250) return undefined;
  try {
    const location = resolveConfigLocation(undefined, env);
    return { path: join(resolveCacheDir(location, env), folder, name), build: buildOf(kernelFile, version) };
  } catch {
    return undefined; // no home directory, say: the kernel answers and reports any problem
  }
}

/** The cached text when the build and every recorded file are unchanged, else undefined. */
export function cachedHelp(cache: HelpCache): string | undefined {
  try {
    const text = readFileSync(cache.path, 'utf8');
    const end = text.indexOf(SEPARATOR);
    if (end === -1) return undefined;
    const header = JSON.parse(text.slice(0, end)) as Header;
    if (header.build !== cache.build || header.files.some(([path, stamp]) => stampOf(path) !== stamp)) return undefined;
    return text.slice(end + SEPARATOR.length);
  } catch {
    return undefined;
  }
}

/** What a kept answer was made by: okapi's version and the kernel file as built. */
function buildOf(kernelFile: string, version: string): string {
  return `${version}:${stampOf(kernelFile)}`;
}

/** Stores the text with the files it depends on; failing to write it changes nothing. */
export function storeHelp(cache: HelpCache, text: string, files: string[]): void {
  const header: Header = { build: cache.build, files: files.map((path) => [path, stampOf(path)]) };
  writeFileQuietly(cache.path, `${JSON.stringify(header)}${SEPARATOR}${text}`);
}

/** What the root help depends on: the config file and every plugin directory and executable. */
export function rootHelpFiles(configPath: string, env: NodeJS.ProcessEnv): string[] {
  const files = [configPath];
  const location = resolveConfigLocation(undefined, env);
  for (const dir of pluginDirectories(configDir(location), env.OKAPI_PLUGIN_PATH)) {
    files.push(dir);
    try {
      for (const name of readdirSync(dir)) if (name.startsWith('okapi-')) files.push(join(dir, name));
    } catch {
      // No such directory: its stamp says so.
    }
  }
  return files;
}

function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return true;
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
