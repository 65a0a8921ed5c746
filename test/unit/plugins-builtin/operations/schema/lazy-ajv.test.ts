/**
 * ajv loads only when a body is validated. The schema modules are bundled the way the build bundles
 * a built-in plugin (CommonJS, `import()` made `require()`, ajv left in node_modules) and run in a
 * process that records every module it loads.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { moduleTracer } from '../../../../helpers/module-tracer.js';
import { tempDir } from '../../../../helpers/temp-dir.js';

const root = resolve(import.meta.dirname, '../../../../..');
const schemaDir = join(root, 'plugins-builtin/operations/schema');

describe('loading ajv', () => {
  it('happens for validateBody only, never for exampleBody or for loading the modules', async () => {
    const dir = tempDir('okapi-schema-bundle-');
    const bundle = join(dir, 'schema.cjs');
    await build({
      stdin: { contents: `export { exampleBody } from './example-body.ts';\nexport { validateBody } from './validate-body.ts';\n`, resolveDir: schemaDir, loader: 'ts' },
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      supported: { 'dynamic-import': false },
      external: ['ajv'],
      outfile: bundle,
      logLevel: 'silent',
    });
    const run = (call: string) => {
      const tracer = moduleTracer('ajv');
      const script = join(dir, 'run.cjs');
      writeFileSync(script, `const schema = require(${JSON.stringify(bundle)});\n(async () => { console.log(JSON.stringify(await ${call})); })();\n`);
      const output = execFileSync(process.execPath, [script], { env: { ...process.env, ...tracer.env, NODE_PATH: join(root, 'node_modules') }, encoding: 'utf8' });
      return { output: JSON.parse(output) as unknown, loaded: tracer.loaded() };
    };
    const generated = run(`schema.exampleBody({ media_type: 'application/json', schema: { type: 'object', properties: { n: { type: 'integer', minimum: 2 } } } }, {})`);
    expect(generated).toEqual({ output: { n: 2 }, loaded: '' });
    const validated = run(`schema.validateBody({ n: 1 }, { type: 'object', properties: { n: { type: 'integer', minimum: 2 } } }, {}, '3.1.0')`);
    expect(validated.output).toEqual([{ path: '$.n', message: 'must be >= 2 (got 1)' }]);
    expect(validated.loaded).toContain('ajv/dist/2020');
  });
});
