/**
 * The shared OpenAPI corpus (../shared/corpus/openapi, see its INDEX.md), for the suites that run
 * okapi over every document of it: where it is, whether it is there, and the documents its index
 * table lists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CORPUS_DIR = resolve(import.meta.dirname, '../../../shared/corpus/openapi');

export const corpusAvailable = existsSync(join(CORPUS_DIR, 'INDEX.md'));

export interface CorpusDocument {
  /** The root file, relative to CORPUS_DIR. */
  file: string;
  operations: number;
  webhooks: number;
}

/**
 * The table of INDEX.md: file (first backticked path) and the Ops column (`288 +16 webhook`).
 * `dir` is the corpus for code that runs from elsewhere (the bench bundles this file).
 */
export function corpusDocuments(dir = CORPUS_DIR): CorpusDocument[] {
  const rows = readFileSync(join(dir, 'INDEX.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  const table: CorpusDocument[] = [];
  for (const row of rows) {
    const cells = row.split('|').map((c) => c.trim());
    const file = /`([^`]+)`/.exec(cells[1] ?? '')?.[1];
    const ops = /^(\d+)(?:\s*\+(\d+) webhook)?$/.exec((cells[7] ?? '').replace(/,/g, ''));
    if (file && ops && !table.some((d) => d.file === file)) table.push({ file, operations: Number(ops[1]), webhooks: Number(ops[2] ?? 0) });
  }
  return table;
}
