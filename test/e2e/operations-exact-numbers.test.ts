/**
 * An API description's numbers as its author wrote them (docs/design/009-exact-numbers.md), with the
 * built CLI against the example API: `maximum: 9223372036854775807` is neither shown, sent nor
 * compared as the double 9223372036854775808. The same description is connected as JSON and as
 * YAML (YAML reads JSON), so both readers are covered; the cached files it is served from are
 * rebuilt from the spec copy once, which must keep the digits too.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiResult } from '../helpers/run-okapi.js';

/** Written as text: JSON.stringify cannot write these numbers. */
const DESCRIPTION = `{
  "openapi": "3.1.0",
  "info": { "title": "big", "version": "1" },
  "servers": [{ "url": "/anything/{shard}", "variables": { "shard": { "default": 18446744073709551615 } } }],
  "x-cli-config": { "headers": { "X-Tenant": 12345678901234567890 } },
  "paths": {
    "/items": {
      "get": {
        "operationId": "listItems",
        "parameters": [
          { "name": "after", "in": "query",
            "schema": { "type": "integer", "format": "int64", "minimum": 0, "maximum": 9223372036854775807, "default": 9223372036854775807 } },
          { "name": "tier", "in": "query", "schema": { "type": "integer", "enum": [9223372036854775807, 1] } }
        ],
        "responses": { "200": { "description": "ok" } }
      },
      "post": {
        "operationId": "addItem",
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Item" } } } },
        "responses": { "200": { "description": "ok" } }
      }
    }
  },
  "components": {
    "schemas": {
      "Item": {
        "type": "object",
        "properties": {
          "id": { "type": "integer", "minimum": 9223372036854775807, "maximum": 18446744073709551615 },
          "below": { "type": "integer", "exclusiveMaximum": 9223372036854775807 },
          "code": { "enum": [12345678901234567890, 1] },
          "price": { "type": "number", "example": 2.50 }
        }
      }
    }
  }
}`;

let api: ExampleApi;
let home: ReturnType<typeof freshHome>;

beforeAll(async () => {
  api = await startExampleApi();
  home = freshHome();
  for (const [name, file] of [['big', 'big.json'], ['bigyaml', 'big.yaml']] as const) {
    writeFileSync(join(home.dir, file), DESCRIPTION);
    const connected = await runOkapi(['api', 'connect', name, api.url, '--spec', join(home.dir, file), '--yes'], { env: home.env });
    expect(connected.code, connected.stderr).toBe(0);
  }
});
afterAll(async () => {
  await api.close();
});

async function okapi(args: string[]): Promise<OkapiResult & { requests: RecordedRequest[] }> {
  const before = api.requests.length;
  const result = await runOkapi(args, { env: { ...home.env, COLUMNS: '200' }, cwd: home.dir });
  return { ...result, requests: api.requests.slice(before) };
}

describe.each(['big', 'bigyaml'])('a description with numbers a double cannot hold (%s)', (name) => {
  it('sends enum values, server variables and x-cli-config headers as written', async () => {
    const sent = await okapi([name, 'list-items', '--tier', '9223372036854775807']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.requests.map((r) => r.path)).toEqual(['/anything/18446744073709551615/items?tier=9223372036854775807']);
    expect(sent.requests[0]!.headers['x-tenant']).toBe('12345678901234567890');
    // The double's spelling is no value the description allows.
    const rounded = await okapi([name, 'list-items', '--tier', '9223372036854776000']);
    expect(rounded.code).toBe(2);
    expect(rounded.stderr).toContain('is not one of the values it allows: 9223372036854775807, 1');
    expect(rounded.requests).toEqual([]);
  });

  it('shows defaults, enums and examples in help as written', async () => {
    const help = await okapi([name, 'list-items', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('default 9223372036854775807');
    expect(help.stdout).toContain('one of: 9223372036854775807, 1');
    expect(help.stdout).not.toContain('9223372036854776000');
  });

  it('generates an example body within the bounds, with examples as written', async () => {
    const example = await okapi([name, 'add-item', '--okapi-generate-body', '-o', 'json']);
    expect(example.code, example.stderr).toBe(0);
    expect(example.stdout.replace(/\s+/g, '')).toBe('{"id":9223372036854775807,"below":0,"code":12345678901234567890,"price":2.50}');
    expect(example.requests).toEqual([]);
  });

  it('validates a body against those bounds exactly: the bound is taken, the next integer refused naming the bound as written', async () => {
    const inside = await okapi([name, 'add-item', 'id: 18446744073709551615, below: 9223372036854775806, code: 12345678901234567890', '--okapi-validate']);
    expect(inside.code, inside.stderr).toBe(0);
    expect(inside.requests.map((r) => r.body.toString())).toEqual(['{"id":18446744073709551615,"below":9223372036854775806,"code":12345678901234567890}']);
    const outside = await okapi([name, 'add-item', 'id: 18446744073709551616, below: 9223372036854775807, code: 12345678901234567891', '--okapi-validate']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('$.id: must be <= 18446744073709551615 (got 18446744073709551616)');
    expect(outside.stderr).toContain('$.below: must be < 9223372036854775807 (got 9223372036854775807)');
    expect(outside.stderr).toContain('$.code: must be one of 12345678901234567890, 1 (got 12345678901234567891)');
    expect(outside.requests).toEqual([]);
    const low = await okapi([name, 'add-item', 'id: 9223372036854775806', '--okapi-validate']);
    expect(low.code).toBe(2);
    expect(low.stderr).toContain('$.id: must be >= 9223372036854775807 (got 9223372036854775806)');
  });
});

it('keeps the numbers when the cached command table is rebuilt from the spec copy', async () => {
  // With an explicit config file, the cache sits beside it (kernel/api/cache-paths.ts).
  const apiCache = join(home.dir, 'cache', 'apis', 'big');
  for (const file of readdirSync(apiCache)) if (file !== 'spec.json') rmSync(join(apiCache, file));
  const help = await okapi(['big', 'list-items', '--help']);
  expect(help.code, help.stderr).toBe(0);
  expect(help.stdout).toContain('default 9223372036854775807');
  const sent = await okapi(['big', 'list-items', '--tier', '9223372036854775807']);
  expect(sent.requests.map((r) => r.path)).toEqual(['/anything/18446744073709551615/items?tier=9223372036854775807']);
});
