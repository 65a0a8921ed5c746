/**
 * Descriptions with defects okapi works around (issue #14 item 10): `api connect` and `api sync`
 * succeed, warn of each defect once with where it is, `okapi doctor api` lists them all, and the
 * API's commands are there. A description none of whose operations can be used is refused.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';

let server: SpecServer;

beforeAll(async () => {
  server = await startSpecServer();
});
afterAll(async () => {
  await server.close();
});

const ok = { responses: { '200': { description: 'ok' } } };

function json(schema: unknown) {
  return { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } };
}

/** One of each defect, in a description served at `/<prefix>/openapi.json`, with a $ref to a same-origin document that answers 404. */
function defective(prefix: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'Defective', version: '1' },
    paths: {
      '/pets': {
        get: { operationId: 'listPets', 'x-codegen': { model: { $ref: '#/components/schemas/Gone' } }, ...json({ $ref: '#/components/schemas/Pet' }) },
        post: { operationId: 'listPets', parameters: [{ name: 'limit', schema: { type: 'integer' } }], ...ok },
      },
      '/owners': { get: json({ $ref: `/${prefix}/missing.json#/Owner` }) },
    },
    components: { schemas: { Unused: { properties: { a: { $ref: '#/components/schemas/Nothing' } } } } },
  };
}

/** Serves `spec` as the description linked from `/<prefix>`; returns the API's URL. */
function serve(prefix: string, spec: unknown): string {
  server.routes.set(`/${prefix}`, { headers: { link: `</${prefix}/openapi.json>; rel="service-desc"`, 'content-type': 'text/plain' }, body: 'root' });
  server.routes.set(`/${prefix}/openapi.json`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  server.routes.set(`/${prefix}/missing.json`, { status: 404, body: '{}' });
  return `${server.url}/${prefix}`;
}

function warnings(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('okapi: warning: '));
}

describe('a description with defects okapi works around', () => {
  it('connects, warns of each defect once naming where it is, and doctor api lists them', async () => {
    const home = freshHome();
    const url = serve('defects', defective('defects'));
    const connect = await runOkapi(['api', 'connect', 'pets', url], { env: home.env });
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.stderr).toContain('okapi: connected pets: 3 operations');
    const expected = [
      'okapi: warning: pets: #/paths/~1pets/get/x-codegen/model: $ref "#/components/schemas/Gone" leads nowhere (inside the vendor extension x-codegen: harmless)',
      'okapi: warning: pets: #/paths/~1pets/get/responses/200/content/application~1json/schema: $ref "#/components/schemas/Pet" leads nowhere; GET /pets still works, without this part',
      'okapi: warning: pets: #/components/schemas/Unused/properties/a: $ref "#/components/schemas/Nothing" leads nowhere (in components/schemas/Unused, which nothing uses: harmless)',
      'okapi: warning: pets: #/paths/~1pets/get: operationId "listPets" of GET /pets is also the operationId of POST /pets (#/paths/~1pets/post); okapi gives their commands different names',
      'okapi: warning: pets: #/paths/~1pets/post/parameters/0: parameter "limit" has no "in" (path, query, header or cookie); it is left out of POST /pets',
    ];
    const shown = warnings(connect.stderr);
    for (const line of expected) expect(shown.filter((w) => w === line), connect.stderr).toHaveLength(1);
    // The 404 of the referenced document, and the $ref left unresolved because of it.
    expect(shown.filter((w) => w.includes(`${url}/missing.json: GET ${url}/missing.json answered 404; the $refs to it are left out`))).toHaveLength(1);
    expect(shown.filter((w) => w.includes('#/paths/~1owners/get/responses/200/content/application~1json/schema: $ref "/defects/missing.json#/Owner" was left unresolved'))).toHaveLength(1);
    expect(shown).toHaveLength(7);

    const help = await runOkapi(['pets', '--help'], { env: home.env });
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/\n {2}list-pets\s/);
    expect(help.stdout).toMatch(/\n {2}list-pets-post\s/);

    const doctor = await runOkapi(['doctor', 'api', 'pets'], { env: home.env });
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(doctor.stdout).toContain('Defects of the description okapi works around (7):');
    for (const line of expected) expect(doctor.stdout).toContain(`\n  ${line.slice('okapi: warning: pets: '.length)}\n`);

    // An index another okapi version made is rebuilt offline from the cached spec: the defects are
    // found again there, all but the 404, which only the fetch saw (its $ref is still listed).
    const indexFile = join(home.dir, 'cache', 'apis', 'pets', 'operations.json');
    const index = JSON.parse(readFileSync(indexFile, 'utf8'));
    writeFileSync(indexFile, JSON.stringify({ ...index, key: { ...index.key, okapi_version: '0.0.0-older' }, problems: [] }));
    const rebuilt = await runOkapi(['doctor', 'api', 'pets'], { env: home.env });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toContain('Defects of the description okapi works around (6):');
    for (const line of expected) expect(rebuilt.stdout).toContain(line.slice('okapi: warning: pets: '.length));
    expect(rebuilt.stdout).toContain('$ref "/defects/missing.json#/Owner" was left unresolved');
  });

  it('api sync warns again, and a description fixed since has no defects left', async () => {
    const home = freshHome();
    const url = serve('sync', defective('sync'));
    expect((await runOkapi(['api', 'connect', 'pets', url], { env: home.env })).code).toBe(0);
    const sync = await runOkapi(['api', 'sync', 'pets'], { env: home.env });
    expect(sync.code, sync.stderr).toBe(0);
    expect(warnings(sync.stderr)).toHaveLength(7);
    expect(sync.stderr).toContain('okapi: synced pets: 3 operations');

    serve('sync', { openapi: '3.0.3', info: { title: 'Fixed', version: '2' }, paths: { '/pets': { get: { operationId: 'listPets', ...ok } } } });
    const fixed = await runOkapi(['api', 'sync', 'pets'], { env: home.env });
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(warnings(fixed.stderr)).toEqual([]);
    const doctor = await runOkapi(['doctor', 'api', 'pets'], { env: home.env });
    expect(doctor.stdout).not.toContain('Defects');
  });

  it('shows the first 10 defects and counts the rest, which doctor api lists', async () => {
    const home = freshHome();
    const paths = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`/p${i}`, { get: json({ $ref: `#/components/schemas/Missing${i}` }) }]));
    const url = serve('many', { openapi: '3.0.3', info: { title: 'Many', version: '1' }, paths });
    const connect = await runOkapi(['api', 'connect', 'many', url], { env: home.env });
    expect(connect.code, connect.stderr).toBe(0);
    const shown = warnings(connect.stderr);
    expect(shown).toHaveLength(11);
    expect(shown[9]).toContain('#/paths/~1p9/get/');
    expect(shown[10]).toBe('okapi: warning: many: … and 4 more defects; see okapi doctor api many');
    const doctor = await runOkapi(['doctor', 'api', 'many'], { env: home.env });
    expect(doctor.stdout).toContain('Defects of the description okapi works around (14):');
    expect(doctor.stdout).toContain('#/paths/~1p13/get/responses/200/content/application~1json/schema: $ref "#/components/schemas/Missing13" leads nowhere');
  });

  it('a local description with a $ref to a missing part of another file connects and names both', async () => {
    const home = freshHome();
    const file = join(home.dir, 'root.yaml');
    writeFileSync(join(home.dir, 'schemas.yaml'), 'Thing: {type: object}\n');
    writeFileSync(
      file,
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "./schemas.yaml#/Nothing"}\n',
    );
    const connect = await runOkapi(['api', 'connect', 'local', server.url, '--spec', file], { env: home.env });
    expect(connect.code, connect.stderr).toBe(0);
    expect(warnings(connect.stderr)).toEqual([
      'okapi: warning: local: #/paths/~1a/get/responses/200/content/application~1json/schema: $ref "./schemas.yaml#/Nothing" was left unresolved: what it points to could not be read, or has no such part; GET /a still works, without this part',
    ]);
  });

  it('a description none of whose operations can be used is refused, saying why, and nothing is saved', async () => {
    const home = freshHome();
    const url = serve('unusable', { openapi: '3.0.3', info: { title: 'Nothing', version: '1' }, paths: { '/a': { $ref: '#/components/pathItems/A' }, '/b': { get: { $ref: '#/nope' } } } });
    const connect = await runOkapi(['api', 'connect', 'nothing', url], { env: home.env });
    expect(connect.code).toBe(1);
    expect(connect.stderr).toContain(`${url}/openapi.json declares 2 operations but none can be used:`);
    expect(connect.stderr).toContain('#/paths/~1a: $ref "#/components/pathItems/A" leads nowhere: the operations of /a are left out');
    expect(connect.stderr).toContain('#/paths/~1b/get: $ref "#/nope" leads nowhere: the operation is left out');
    expect(existsSync(home.config) ? JSON.parse(readFileSync(home.config, 'utf8')).apis?.nothing : undefined).toBeUndefined();
  });

  it('a valid empty description connects without a warning', async () => {
    const home = freshHome();
    const url = serve('empty', { openapi: '3.1.0', info: { title: 'Empty', version: '1' }, paths: {} });
    const connect = await runOkapi(['api', 'connect', 'empty', url], { env: home.env });
    expect(connect.code, connect.stderr).toBe(0);
    expect(warnings(connect.stderr)).toEqual([]);
    expect(connect.stderr).toContain('okapi: connected empty: 0 operations');
  });
});
