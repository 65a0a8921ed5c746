/**
 * The plugin boundary (DESIGN.md §1, docs/design/002): a built-in plugin imports only the SDK, its
 * own folder, Node's built-in modules and npm packages — never the kernel or another plugin — so it
 * could be moved out of the repository as it is. The SDK imports neither the kernel nor a plugin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleImports } from './module-imports.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Crossing {
  file: string;
  line: number;
  specifier: string;
  why: string;
}

/** Repository-relative paths, with `/`, of the TypeScript files under `dir`. */
function typescriptFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Where an import leads: a repository path for relative ones, undefined for packages and node builtins. */
function importTarget(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  return relative(root, resolve(root, dirname(file), specifier)).split(sep).join('/');
}

function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** Why `file` may not name `specifier`, or undefined when it may. */
function crossing(file: string, specifier: string | undefined): string | undefined {
  if (specifier === undefined) return 'a module named by an expression cannot be checked; name it with a string literal';
  const target = importTarget(file, specifier);
  if (target === undefined) return undefined;
  if (within(file, 'sdk/shared')) {
    return within(target, 'sdk/shared')
      ? undefined
      : `sdk/shared/ holds pure helpers below the plugin API and imports only sdk/shared/ (it leads to ${target}); move what it needs into sdk/shared/`;
  }
  if (within(file, 'sdk')) {
    return within(target, 'sdk') ? undefined : `the SDK may import only sdk/ (it leads to ${target}); move the code it needs into sdk/`;
  }
  const plugin = file.split('/')[1]!;
  if (within(target, 'sdk') || within(target, `plugins-builtin/${plugin}`)) return undefined;
  const what = within(target, 'kernel') ? 'the kernel' : within(target, 'plugins-builtin') ? 'another plugin' : 'outside sdk/';
  return (
    `the built-in plugin ${plugin} may import only sdk/, its own folder, node builtins and npm packages, ` +
    `but this leads into ${what} (${target}); move pure code both sides need into sdk/, ` +
    `or reach the kernel or the other plugin through a host facility on the hook's context (sdk/types.ts)`
  );
}

function crossingsOf(file: string): Crossing[] {
  return moduleImports(file, readFileSync(join(root, file), 'utf8')).flatMap(({ specifier, line }) => {
    const why = crossing(file, specifier);
    return why === undefined ? [] : [{ file, line, specifier: specifier ?? '(an expression)', why }];
  });
}

function describeCrossings(crossings: Crossing[]): string {
  return crossings.map((c) => `${c.file}:${c.line} imports '${c.specifier}': ${c.why}`).join('\n');
}

const pluginFiles = typescriptFiles('plugins-builtin');
const sdkFiles = typescriptFiles('sdk');

describe('the plugin boundary', () => {
  it('finds the files it checks', () => {
    expect(pluginFiles.length).toBeGreaterThan(50);
    expect(sdkFiles.length).toBeGreaterThan(20);
  });

  it('keeps plugins-builtin/ to plugin folders (kernel code goes to kernel/, shared code to sdk/)', () => {
    const loose = pluginFiles.filter((file) => file.split('/').length === 2);
    expect(loose, `files in plugins-builtin/ itself belong to no plugin; move them into kernel/ or sdk/: ${loose.join(', ')}`).toEqual([]);
  });

  it('lets a built-in plugin import only sdk/, its own folder, node builtins and npm packages', () => {
    const crossings = pluginFiles.flatMap(crossingsOf);
    expect(crossings.length, `imports across the plugin boundary:\n${describeCrossings(crossings)}`).toBe(0);
  });

  it('lets the SDK import only sdk/, and its shared helpers only sdk/shared/, node builtins and npm packages', () => {
    const crossings = sdkFiles.flatMap(crossingsOf);
    expect(crossings.length, `imports out of the SDK:\n${describeCrossings(crossings)}`).toBe(0);
  });
});

describe('moduleImports', () => {
  it('finds every way TypeScript names a module, with its line', () => {
    const text = [
      "import type { A } from './a.js';",
      "export * from './b.js';",
      "export type { C } from './c.js';",
      "const d = await import('./d.js');",
      "const e = require('./e.js');",
      "type F = typeof import('./f.js');",
      "import g = require('./g.js');",
      'const h = await import(`./${name}.js`);',
      "// import { nothing } from './comment.js';",
      "const text = \"import { nothing } from './string.js'\";",
    ].join('\n');
    expect(moduleImports('sample.ts', text)).toEqual([
      { specifier: './a.js', line: 1 },
      { specifier: './b.js', line: 2 },
      { specifier: './c.js', line: 3 },
      { specifier: './d.js', line: 4 },
      { specifier: './e.js', line: 5 },
      { specifier: './f.js', line: 6 },
      { specifier: './g.js', line: 7 },
      { specifier: undefined, line: 8 },
    ]);
  });

  it('explains a crossing by file, line, import and what to do', () => {
    const why = crossing('plugins-builtin/auto/index.ts', '../image/draw.js');
    expect(why).toContain('another plugin (plugins-builtin/image/draw.js)');
    expect(why).toContain('move pure code both sides need into sdk/');
    expect(crossing('plugins-builtin/auto/index.ts', '../../sdk/shared/image/draw.js')).toBeUndefined();
    expect(crossing('plugins-builtin/auto/index.ts', './highlight-json.js')).toBeUndefined();
    expect(crossing('plugins-builtin/auto/index.ts', 'node:fs')).toBeUndefined();
    expect(crossing('sdk/run.ts', '../kernel/version.js')).toContain('the SDK may import only sdk/');
    expect(crossing('sdk/shared/redact.ts', '../types.js')).toContain('sdk/shared/ holds pure helpers below the plugin API');
    expect(crossing('sdk/run.ts', './shared/errors.js')).toBeUndefined();
  });
});
