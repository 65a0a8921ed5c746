// Builds okapi: generates the static index of built-in plugins, bundles the CLI so start-up reads
// few files (each built-in plugin its own lazily imported chunk), and emits the SDK's types.
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pluginsDir = join(root, 'plugins-builtin');
const dist = join(root, 'dist');
// The kernel's list of built-in plugins; it lives in the kernel because it imports the kernel's loader.
const builtinIndex = join(root, 'kernel/plugins/builtin-index.generated.ts');
// The V8 code-cache loader that built files use to load each other.
const codeCache = join(root, 'kernel/startup/code-cache.ts');

const plugins = readdirSync(pluginsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(pluginsDir, d.name, 'manifest.ts')))
  .map((d) => d.name)
  .sort();

await writeBuiltinIndex(plugins);
rmSync(dist, { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // ESM builds first where a package has both (jsonc-parser's UMD build cannot be bundled).
  mainFields: ['module', 'main'],
  minify: true,
  legalComments: 'none',
  define: { __OKAPI_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

// Packages loaded from node_modules when first used, so start-up never parses them. The small
// ones used on every run (cac, jsonc-parser) are bundled into the kernel instead.
const runtimeDependencies = Object.keys(pkg.dependencies).filter((name) => name !== 'cac' && name !== 'jsonc-parser');

// The CLI is CommonJS: on Node 20 an ES module entry alone costs ~9 ms and every further ES
// module file ~0.5 ms (docs/design/003-start-up.md). Four kinds of file:
// import() becomes require(): loading through the ES module loader is what this build avoids.
const cjs = { ...common, format: 'cjs', outExtension: { '.js': '.cjs' }, supported: { 'dynamic-import': false } };
// the entry, which answers --version by itself;
await build({ ...cjs, entryPoints: { okapi: 'kernel/main.ts' }, outdir: dist });
// the kernel;
await build({ ...cjs, entryPoints: { kernel: 'kernel/entry.ts' }, outdir: dist, external: runtimeDependencies, plugins: [undiciVendor(), builtinLoader(), jsoncWithoutSideEffects()] });
// each built-in plugin, loaded on its first hook call, what it imports dynamically in chunks of its own;
for (const name of plugins) await buildPlugin(name);
// and undici's agent, one file instead of undici's forty, loading node:http2 only for HTTP/2 and
// compiling llhttp with Liftoff alone.
await build({
  ...cjs,
  entryPoints: {
    'vendor/undici-agent': 'node_modules/undici/lib/dispatcher/agent.js',
  },
  outdir: dist,
  plugins: [lazyHttp2(), llhttpWithLiftoff()],
});

// Every file but the entry is loaded by kernel/startup/code-cache.ts, which compiles it without copying
// its text when the file is already CommonJS's wrapper function (calling itself, for Node's require).
const { wrapBuiltFile } = await loadModule(codeCache);
for (const file of builtFiles(dist)) {
  if (file !== join(dist, 'okapi.cjs')) writeFileSync(file, wrapBuiltFile(readFileSync(file, 'utf8')));
}

// The SDK for plugin authors, as an ES module (`import { definePlugin } from 'okapi/sdk'`), with
// its type declarations.
await build({ ...common, format: 'esm', entryPoints: { sdk: 'sdk/index.ts' }, outdir: dist, outExtension: { '.js': '.mjs' }, external: runtimeDependencies });
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'sdk', 'tsconfig.json')], { stdio: 'inherit' });

// The executable `okapi` (package.json "bin"), for npx, npm link and global installs.
const cli = join(dist, 'okapi.cjs');
writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8')}`);
chmodSync(cli, 0o755);

/**
 * A built-in plugin: `plugins/<name>.cjs`, and in `plugins/<name>/` the code it imports dynamically
 * (an operation's help, body validation, request bodies), loaded when first used, so a call never
 * compiles or runs code it does not use. esbuild splits code for ES modules only, so the plugin is
 * split as one and each file then turned into CommonJS: `import()` becomes a `require` that
 * kernel/startup/code-cache.ts resolves from the requiring file's folder, and code that both a
 * chunk and the plugin use sits in a chunk of its own, loaded once, so a class is one class.
 * The chunks the plugin needs at once travel inside its file too (`require.embedded`): reading and
 * compiling one file costs less than several. Node's own require (a tool that requires a built file) has no
 * `embedded` and reads them from their files.
 */
async function buildPlugin(name) {
  const { outputFiles, metafile } = await build({
    ...common,
    format: 'esm',
    splitting: true,
    write: false,
    metafile: true,
    entryPoints: { [name]: `plugins-builtin/${name}/index.ts` },
    outdir: join(dist, 'plugins'),
    outExtension: { '.js': '.cjs' },
    chunkNames: `${name}/[name]-[hash]`,
    external: runtimeDependencies,
    plugins: [jsoncWithoutSideEffects()],
  });
  const code = new Map();
  for (const file of outputFiles) {
    const { code: cjsCode } = await transform(file.text, { format: 'cjs', platform: 'node', target: common.target, minify: true, legalComments: 'none', supported: { 'dynamic-import': false } });
    code.set(outputPath(file.path), cjsCode);
  }
  const entry = outputPath(join(dist, 'plugins', `${name}.cjs`));
  const atOnce = staticImports(metafile, entry);
  for (const [path, text] of code) {
    const modules = path === entry ? atOnce.map((chunk) => `${JSON.stringify(`./${posix.relative(posix.dirname(entry), chunk)}`)}:function(exports,require,module,__filename,__dirname){${code.get(chunk)}\n}`) : [];
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), modules.length > 0 ? `require.embedded?.({${modules.join(',')}});\n${text}` : text);
  }
}

/** The CommonJS files under `dir`, in every folder. */
function builtFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.cjs'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** An output file's path as esbuild's metafile names it: from the root, with forward slashes. */
function outputPath(file) {
  return relative(root, file).split(sep).join('/');
}

/** The output files an output requires when it loads, directly or not (not those it imports dynamically). */
function staticImports(metafile, output) {
  const found = new Set();
  const visit = (path) => {
    for (const imported of metafile.outputs[path].imports) {
      if (imported.external || imported.kind !== 'import-statement' || found.has(imported.path)) continue;
      found.add(imported.path);
      visit(imported.path);
    }
  };
  visit(output);
  return [...found];
}

/** The kernel imports undici's agents by path; built, they come from the vendor files. */
function undiciVendor() {
  return {
    name: 'undici-vendor',
    setup(b) {
      b.onResolve({ filter: /^undici\/lib\/dispatcher\/agent\.js$/ }, (args) => ({
        path: args.path.split('/').pop().replace('.js', ''),
        namespace: 'undici-vendor',
      }));
      b.onLoad({ filter: /.*/, namespace: 'undici-vendor' }, (args) => ({
        contents: `const { requireCached } = require(${JSON.stringify(codeCache)});
module.exports = requireCached(require('node:path').join(__dirname, 'vendor', 'undici-${args.path}.cjs'));`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/**
 * jsonc-parser's package.json does not say its modules are free of side effects, so esbuild keeps
 * the top level of each one, the formatter's included: its indentation tables (1,200 strings,
 * ~340 KB) were built on every start though the kernel only parses, and pushed a plain GET into a
 * young-generation collection (~1.5 ms in all). The package's modules only define things, so a
 * bundle now keeps just the ones it uses (the config plugin's edits still bring the formatter).
 */
function jsoncWithoutSideEffects() {
  const again = Symbol('resolving');
  return {
    name: 'jsonc-without-side-effects',
    setup(b) {
      // Reading config (every run) needs jsonc-parser's parser only; editing it (config writes, host
      // services) needs its formatter too, which builds ~340 KB of strings when initialised. Editors
      // get a module of their own, initialised on their first edit, so a run that only reads config
      // never builds them (docs/design/003-start-up.md).
      b.onResolve({ filter: /^jsonc-parser$/ }, async (args) => {
        if (args.pluginData === again || /[\\/]kernel[\\/]config[\\/]document\.ts$/.test(args.importer)) return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: again });
        return { ...resolved, suffix: '?editing' };
      });
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === again || !/[\\/]node_modules[\\/]jsonc-parser[\\/]/.test(args.importer)) return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: again });
        return { ...resolved, sideEffects: false };
      });
    },
  };
}

/**
 * undici's HTTP/2 client requires node:http2 (~9 ms) when loaded, though only HTTP/2 connections
 * use it. Built, the module gets the constants it reads up front (copied from node:http2 at build
 * time) and loads node:http2 on its first connection. The build fails if undici's code changes.
 */
function lazyHttp2() {
  const original = "http2 = require('node:http2')";
  return {
    name: 'lazy-http2',
    setup(b) {
      b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, async (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(original)) throw new Error(`${args.path} no longer contains ${original}: update lazyHttp2() in scripts/build.mjs`);
        const { constants } = await import('node:http2');
        const lazy = `http2 = { constants: ${JSON.stringify(constants)}, connect: (...args) => require('node:http2').connect(...args) }`;
        return { contents: source.replace(original, lazy), loader: 'js' };
      });
    },
  };
}

/**
 * undici compiles llhttp, its HTTP/1.1 parser in WebAssembly, on its first HTTP/1.1 connection, and
 * V8 tiering it up in the background held the process ~60–110 ms at exit. Built, that compilation
 * goes through sdk/wasm-compile.ts: Liftoff alone, the V8 flags set back as soon as it returns
 * (docs/design/003-start-up.md). The build fails if undici's code changes.
 */
function llhttpWithLiftoff() {
  const original = 'llhttpInstance = lazyllhttp()';
  const helper = JSON.stringify(join(root, 'sdk', 'wasm-compile.ts'));
  return {
    name: 'llhttp-with-liftoff',
    setup(b) {
      b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (source.split(original).length !== 2) throw new Error(`${args.path} no longer contains ${original} once: update llhttpWithLiftoff() in scripts/build.mjs`);
        return { contents: source.replace(original, `llhttpInstance = require(${helper}).compiledWithLiftoff(lazyllhttp)`), loader: 'js' };
      });
    },
  };
}

/** Built, a built-in plugin is loaded from its own file (see kernel/plugins/load-builtin.ts). */
function builtinLoader() {
  return {
    name: 'builtin-loader',
    setup(b) {
      b.onLoad({ filter: /kernel[\\/]plugins[\\/]load-builtin\.ts$/ }, () => ({
        contents: `import { requireCached } from ${JSON.stringify(codeCache)};
import { join } from 'node:path';
export async function loadBuiltin(name) { return requireCached(join(__dirname, 'plugins', name + '.cjs')); }`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/**
 * The static index: each built-in's manifest and commands as literal data (read at start-up, so
 * no plugin module is loaded or even split into a chunk of its own), and a lazy import of its code.
 */
async function writeBuiltinIndex(names) {
  const metas = await Promise.all(names.map((name) => loadMeta(join(pluginsDir, name, 'manifest.ts'))));
  const lines = [
    '// Generated by scripts/build.mjs from the folders of plugins-builtin/: do not edit.',
    "import { loadBuiltin } from './load-builtin.js';",
    "import type { BuiltinEntry } from './registry.js';",
    '',
    'export const builtins: BuiltinEntry[] = [',
    ...names.map((name, i) => `  { ...${JSON.stringify(metas[i])}, load: () => loadBuiltin(${JSON.stringify(name)}) },`),
    '];',
    '',
  ];
  writeFileSync(builtinIndex, lines.join('\n'));
  // The command names alone, for code that must know them without the index's loaders (the api
  // plugin refuses them as API names, and bundling the loaders would bundle every plugin).
  const commandNames = metas.flatMap((meta) => (meta.commands ?? []).map((command) => command.name)).sort();
  writeFileSync(
    join(root, 'sdk/shared/command-names.generated.ts'),
    [
      '// Generated by scripts/build.mjs from the commands the manifests of plugins-builtin/ declare: do not edit.',
      `export const BUILTIN_COMMAND_NAMES: readonly string[] = ${JSON.stringify(commandNames)};`,
      '',
    ].join('\n'),
  );
  await writeGlobalFlagNames(metas);
}

async function loadMeta(file) {
  return (await loadModule(file)).default;
}

async function loadModule(file) {
  const out = await build({ entryPoints: [file], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'silent' });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`;
  return import(url);
}

/**
 * okapi's global flags (kernel/cli/flags.ts) and the built-in formatters' declared flags, as plain
 * data in sdk/shared: shell completion (a plugin, which may not import the kernel) offers them.
 */
async function writeGlobalFlagNames(metas) {
  const { GLOBAL_FLAGS } = await loadModule(join(root, 'kernel/cli/flags.ts'));
  const global = GLOBAL_FLAGS.map((flag) => ({
    long: flag.long,
    ...(flag.short ? { short: flag.short } : {}),
    takes_value: flag.kind === 'string' || flag.kind === 'strings',
    description: flag.description,
  }));
  const taken = new Set(global.map((flag) => flag.long));
  const declared = metas
    .flatMap((meta) => meta.manifest.formatter_options ?? [])
    .filter((option) => !taken.has(option.flag) && taken.add(option.flag))
    .map((option) => ({ long: option.flag, takes_value: true, description: option.description }));
  writeFileSync(
    join(root, 'sdk/shared/global-flags.generated.ts'),
    [
      '// Generated by scripts/build.mjs from kernel/cli/flags.ts and the formatter_options of plugins-builtin/: do not edit.',
      "import type { GlobalFlagName } from './global-flag-name.js';",
      '',
      `export const GLOBAL_FLAG_NAMES: readonly GlobalFlagName[] = ${JSON.stringify([...global, ...declared], null, 2)};`,
      '',
    ].join('\n'),
  );
}
