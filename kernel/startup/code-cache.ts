/**
 * Loads one of okapi's own built CommonJS files with a V8 code cache, so later runs skip compiling it.
 * Node 20 has no compile cache, and compiling the kernel alone costs ~5 ms of each run there. Node
 * 22+ has one (module.enableCompileCache, which okapi turns on for the packages it loads), but it
 * is made once, at a file's first load, and never grows: code that later runs need is compiled on
 * every run (on Node 24, a generated command spent ~10 ms of CPU more than a GET; with this cache,
 * ~5). So okapi's own files load through this cache on every version, and each kind of run adds to
 * it (run-kinds.ts). The cache lives beside Node's own default compile cache, in the temporary
 * directory, one folder per user; V8 checks each entry against the source and the flags, and a
 * rejected one is simply rewritten.
 */
import { readFileSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';
import { writeFileQuietly } from '../config/atomic-write.js';
import { enrichedKinds, parseStoredCache, runKind, serializeStoredCache } from './run-kinds.js';
import { fnv1a } from '../../sdk/shared/fnv1a.js';

declare const __OKAPI_VERSION__: string;

/**
 * Whether Node can cache compiled code itself (module.enableCompileCache, 22.1+), for the packages
 * okapi loads. Read from the version rather than from node:module, whose loading costs Node 20
 * the ES module loader.
 */
export function hasBuiltinCompileCache(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 1);
}

/**
 * scripts/build.mjs writes each file this loads as CommonJS's wrapper function calling itself:
 * Node's own require runs it as any module, and this loader compiles the function without the
 * call, a slice of the text read (V8 keeps a slice as a view of the whole), where wrapping it
 * here would copy it: the kernel's ~300 KB twice over in the young generation on every run.
 */
export function wrapBuiltFile(code: string): string {
  return `${WRAPPER_HEAD}${code}${WRAPPER_TAIL}${SELF_CALL}`;
}

const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';
const SELF_CALL = '.apply(this, arguments);\n';

/** A CommonJS file's code, as its wrapper makes it a function. */
type ModuleCode = (exports: unknown, require: FileRequire, module: { exports: unknown }, filename: string, dirname: string) => void;

/**
 * The `require` a loaded file gets. `embedded` takes the code of chunks the file carries inside it
 * (scripts/build.mjs puts those a plugin needs at once there: one file to read and compile, not
 * several), by their paths relative to the file; each runs when first required, as its file would.
 */
interface FileRequire {
  (id: string): unknown;
  resolve(id: string): string;
  embedded(modules: Record<string, ModuleCode>): void;
}

/** The kind of this run (run-kinds.ts), worked out for the first file loaded: the arguments do not change. */
let thisRunKind: number | undefined;

/** Each file's exports, once loaded: a chunk two files share is one module, as with require. */
const loaded = new Map<string, { exports: unknown }>();
const embedded = new Map<string, ModuleCode>();

export function requireCached(file: string): unknown {
  const known = loaded.get(file);
  if (known) return known.exports;
  const code = embedded.get(file);
  if (code) return run(file, code).exports;
  const source = readFileSync(file, 'utf8');
  // V8 checks a cache against the source's length, not its content: the file's size and
  // modification time are part of the name so a rebuilt file never meets an old cache.
  const { size, mtimeMs } = statSync(file);
  // One install's caches replace only its own: two installs used in turn must not evict each other.
  const prefix = `${basename(file)}-${pathHash(dirname(file))}-`;
  const cachePath = join(cacheDirectory(), `${prefix}${__OKAPI_VERSION__}-${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8`);
  let stored: Buffer | undefined;
  try {
    stored = readFileSync(cachePath);
  } catch {
    // First run of this version: compiled normally, cached now and at exit.
  }
  const { kinds, data: cachedData } = parseStoredCache(stored);
  if (!source.startsWith(WRAPPER_HEAD) || !source.endsWith(SELF_CALL)) throw new Error(`${file} was not built by scripts/build.mjs: it is not wrapped`);
  const script = new Script(source.slice(0, source.length - SELF_CALL.length), {
    filename: file,
    // import() inside the file works as in any module of the main context.
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = run(file, script.runInThisContext() as ModuleCode);
  const rejected = !cachedData || script.cachedDataRejected;
  if (rejected) {
    // A cache made now holds only the code that ran so far; the one made at exit replaces it.
    writeFileQuietly(cachePath, serializeStoredCache(new Map(), script.createCachedData()));
    removeOthers(cachePath, prefix);
  }
  const enriched = enrichedKinds(rejected ? new Map() : kinds, (thisRunKind ??= runKind(process.argv.slice(2))));
  if (enriched) {
    // One made at exit holds every function this run compiled, those read from the cache included,
    // so later runs of its kind compile none of it (run-kinds.ts).
    process.once('exit', () => {
      writeFileQuietly(cachePath, serializeStoredCache(enriched, script.createCachedData()));
    });
  }
  return module.exports;
}

function run(file: string, code: ModuleCode): { exports: unknown } {
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  // Set before the code runs, as require does, so that files requiring each other meet halfway.
  loaded.set(file, module);
  code(module.exports, requireFrom(dirname(file)), module, file, dirname(file));
  module.loaded = true;
  return module;
}

/**
 * A loaded file's `require`. A relative name is another of okapi's built files (a plugin's chunk):
 * loaded here too, from the requiring file's folder. Any other name is Node's module or a
 * package, which resolve alike from every folder of dist/, so this bundle's own require finds them.
 */
function requireFrom(dir: string): FileRequire {
  const local = (id: string) => id.startsWith('./') || id.startsWith('../');
  const fileRequire = (id: string) => (local(id) ? requireCached(join(dir, id)) : require(id));
  return Object.assign(fileRequire, {
    // A package's file by path (jq's WebAssembly).
    resolve: (id: string) => (local(id) ? join(dir, id) : require.resolve(id)),
    embedded(modules: Record<string, ModuleCode>) {
      for (const [id, code] of Object.entries(modules)) if (!loaded.has(join(dir, id))) embedded.set(join(dir, id), code);
    },
  });
}

/** The install's folder as a short name: node:crypto would cost start-up more than it saves. */
function pathHash(path: string): string {
  return fnv1a(path).toString(16);
}

function cacheDirectory(): string {
  // Node's own compile cache is per user too; Windows has no uid and one profile per user.
  return join(tmpdir(), `okapi-compile-cache-${process.getuid?.() ?? 'user'}`);
}

/** Caches of earlier builds of the same file are dead weight once a new one is written. */
function removeOthers(keep: string, prefix: string): void {
  try {
    for (const name of readdirSync(dirname(keep))) {
      if (name.startsWith(prefix) && join(dirname(keep), name) !== keep) unlinkSync(join(dirname(keep), name));
    }
  } catch {
    // Another run removed it first, or the directory is not ours to tidy: nothing is lost.
  }
}
