/**
 * Real OpenAPI descriptions to make hostile: the fixtures, and the shared corpus's small documents
 * when the corpus is there (a message says so when it is not), with the means to replace any of
 * their nodes by a value of the wrong shape.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/example-api/data');
const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/openapi');
/** Larger documents would make each case slow; the vendor specs are read by test/e2e/api-corpus.test.ts. */
const MAX_CORPUS_BYTES = 64 * 1024;

/** The small descriptions under `dir`; the DigitalOcean tree's files are fragments of one description, not descriptions. */
function descriptionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.startsWith('digitalocean'))
    .map((name) => join(dir, name))
    .filter((path) => /\.(json|ya?ml)$/.test(path) && statSync(path).isFile() && statSync(path).size <= MAX_CORPUS_BYTES);
}

const corpusPresent = existsSync(CORPUS);
if (!corpusPresent) console.log(`test/fuzz: ${CORPUS} is absent; the description fuzzers use the fixtures only`);
export const sources = [...descriptionFiles(FIXTURES), ...(corpusPresent ? descriptionFiles(CORPUS) : [])].map((path) => ({ path, bytes: readFileSync(path) }));
export const documents = sources.map(({ path, bytes }) => ({ path, document: parseYaml(bytes.toString('utf8')) as unknown }));

/** JSON pointers (as key lists) of every node of `value`. */
export function nodePaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => nodePaths(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) nodePaths(item, [...prefix, key], out);
  return out;
}

const REFS = ['#', '#/paths', '#/components/schemas/Nope', '#/paths/~1a/get', '#/components/parameters/0', 'other.yaml#/x', 'https://other.example/x.json', '#/components/schemas/' + 'a'.repeat(300), '#/%%', '#/paths/~2x'];
export const hostileValue = fc.oneof(
  fc.constantFrom(null, '', 0, -1, 1e308, true, [], {}, 'get', '{id}', '/a/{b}/{b}', 'x-cli-name', '__proto__'),
  fc.constantFrom(...REFS).map((ref) => ({ $ref: ref })),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 20 }),
);

/** `document` cloned with the nodes at `picks` (indexes into its node list) replaced by `values`. */
export function replaced(document: unknown, paths: (string | number)[][], picks: number[], values: unknown[]): unknown {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  picks.forEach((pick, k) => {
    const path = paths[pick % paths.length]!;
    if (path.length === 0) return;
    let node: Record<string | number, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = node?.[key];
      if (next === null || typeof next !== 'object') return;
      node = next as Record<string | number, unknown>;
    }
    node[path[path.length - 1]!] = values[k];
  });
  return copy;
}

