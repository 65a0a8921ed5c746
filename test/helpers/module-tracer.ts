/**
 * Which modules an okapi process loads: a `--require` preload records every module request that
 * contains `fragment`. Tests use it to prove a costly package stays off a path (jq for shorthand
 * filters, ajv for requests).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

export function moduleTracer(fragment: string): { env: NodeJS.ProcessEnv; loaded: () => string } {
  const dir = tempDir('okapi-module-trace-');
  const log = join(dir, 'loaded.txt');
  const preload = join(dir, 'trace.cjs');
  writeFileSync(log, '');
  writeFileSync(
    preload,
    `const Module = require('node:module'); const { appendFileSync } = require('node:fs');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (String(request).includes(${JSON.stringify(fragment)})) appendFileSync(${JSON.stringify(log)}, request + '\\n');
  return load.call(this, request, ...rest);
};
`,
  );
  return { env: { NODE_OPTIONS: `--require ${preload}` }, loaded: () => readFileSync(log, 'utf8') };
}
