/**
 * The shared OpenAPI corpus (../shared/corpus/openapi, see its INDEX.md): every document connects
 * from its local file (`--spec <file>`) and served by a local HTTP server (found through a Link
 * header; DigitalOcean's 2,907 files through their relative `$ref`s), with exactly the operation
 * and webhook counts INDEX.md gives, and no defect reported (they have none).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR as corpus, corpusAvailable as available, corpusDocuments as documents, type CorpusDocument } from '../helpers/openapi-corpus.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';

if (!available) console.warn(`skipping the OpenAPI corpus tests: ${corpus} is absent`);

const DOCUMENTS = available ? documents() : [];
const timeoutFor = (doc: CorpusDocument) => (doc.file.startsWith('digitalocean') ? 180_000 : 90_000);
const nameOf = (doc: CorpusDocument) => doc.file.split('/')[0]!.replace(/[^a-z0-9]+/gi, '-') + '-' + DOCUMENTS.indexOf(doc);

function discovery(home: ReturnType<typeof freshHome>, name: string): { operations: number; webhooks?: number; via: string } {
  return JSON.parse(readFileSync(home.config, 'utf8')).apis[name].discovery;
}

describe.skipIf(!available)('the OpenAPI corpus', () => {
  let server: SpecServer;
  // Made when the suite runs: a skipped suite runs no hooks, so it would never be removed.
  let home: ReturnType<typeof freshHome>;

  beforeAll(async () => {
    home = freshHome();
    server = await startSpecServer({ root: corpus });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('INDEX.md lists the 20 documents', () => {
    expect(DOCUMENTS).toHaveLength(20);
  });

  for (const doc of DOCUMENTS) {
    it(
      `${doc.file}: from the local file`,
      async () => {
        const name = nameOf(doc);
        const result = await runOkapi(['api', 'connect', name, 'https://api.example.com', '--spec', join(corpus, doc.file), '--yes'], {
          env: home.env,
          timeoutMs: timeoutFor(doc),
        });
        expect(result.code, result.stderr).toBe(0);
        // Real, sound descriptions: a defect reported here would be a false alarm.
        expect(result.stderr).not.toContain('okapi: warning:');
        const found = discovery(home, name);
        expect(found.operations).toBe(doc.operations);
        expect(found.webhooks ?? 0).toBe(doc.webhooks);
        const help = await runOkapi([name, '--help'], { env: home.env });
        expect(help.code).toBe(0);
        expect(help.stdout).toContain(`Operations (`);
      },
      timeoutFor(doc),
    );

    it(
      `${doc.file}: served over HTTP, found through a Link header`,
      async () => {
        const name = `${nameOf(doc)}-http`;
        server.routes.set(`/apis/${name}`, { headers: { link: `</${doc.file}>; rel="service-desc"`, 'content-type': 'text/plain' }, body: 'hello' });
        const result = await runOkapi(['api', 'connect', name, `${server.url}/apis/${name}`, '--yes'], {
          env: home.env,
          timeoutMs: timeoutFor(doc),
        });
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).not.toContain('okapi: warning:');
        const found = discovery(home, name);
        expect(found.via).toBe('link:service-desc');
        expect(found.operations).toBe(doc.operations);
        expect(found.webhooks ?? 0).toBe(doc.webhooks);
      },
      timeoutFor(doc),
    );
  }
});
