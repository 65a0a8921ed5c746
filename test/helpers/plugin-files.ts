/**
 * Real plugin executables written into temp directories: SDK-based ones (importing the built
 * dist/sdk.mjs), hand-written JSON-speaking scripts, and shell scripts that print a fixed manifest.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { encodeMessage } from '../../sdk/codec.js';

export const SDK_MODULE = resolve(import.meta.dirname, '../../dist/sdk.mjs');

export function writeExecutable(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

/** A Node plugin built on the SDK; `body` is the object literal passed to definePlugin. */
export function writeSdkPlugin(dir: string, name: string, body: string, encoding: 'cbor' | 'json' = 'cbor'): string {
  return writeExecutable(
    join(dir, `okapi-${name}`),
    `#!/usr/bin/env node
import { definePlugin, runPlugin } from ${JSON.stringify(SDK_MODULE)};
await runPlugin(definePlugin(${body}), { encoding: ${JSON.stringify(encoding)} });
`,
  );
}

/** A Node script with no SDK: prints the manifest as JSON and runs `session` (JS source) for sessions. */
export function writeScriptPlugin(dir: string, name: string, manifest: object, session = ''): string {
  return writeExecutable(
    join(dir, `okapi-${name}`),
    `#!/usr/bin/env node
const manifest = ${JSON.stringify(manifest)};
if (process.argv.includes('--okapi-plugin-manifest')) { process.stdout.write(JSON.stringify(manifest)); process.exit(0); }
const readLine = () => new Promise((resolve) => {
  let buf = '';
  const onData = (c) => { buf += c; const i = buf.indexOf('\\n'); if (i !== -1) { process.stdin.off('data', onData); process.stdin.pause(); resolve(JSON.parse(buf.slice(0, i))); } };
  process.stdin.setEncoding('utf8'); process.stdin.on('data', onData); process.stdin.resume();
});
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
${session}
`,
  );
}

/** A shell script answering --okapi-plugin-manifest with fixed bytes: cheap to spawn, any encoding. */
export function writeManifestOnlyPlugin(dir: string, name: string, manifest: unknown, encoding: 'cbor' | 'json'): string {
  const bytes = encoding === 'cbor' ? Buffer.from(encodeMessage(manifest as object, 'cbor')) : Buffer.from(JSON.stringify(manifest));
  const dataFile = join(dir, `.${name}.manifest`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(dataFile, bytes);
  return writeExecutable(join(dir, `okapi-${name}`), `#!/bin/sh\nexec cat ${JSON.stringify(dataFile)}\n`);
}
