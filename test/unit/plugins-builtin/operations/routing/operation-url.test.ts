/** SPEC.md "Generated operation request routing" 1–11, one test per rule, named after it. */
import { describe, expect, it } from 'vitest';
import type { ApiEntry } from '../../../../../sdk/shared/api-config.js';
import { ExitCode, OkapiError } from '../../../../../sdk/shared/errors.js';
import type { ServerInfo } from '../../../../../sdk/shared/operation-index-format.js';
import { operationUrl, type OperationUrlInput } from '../../../../../plugins-builtin/operations/routing/operation-url.js';

function route(entry: ApiEntry, documentServers: ServerInfo[], more: Partial<OperationUrlInput> = {}) {
  return operationUrl({ entry, api: 'example', documentServers, path: '/pets/42', query: '', ...more });
}

function failure(run: () => unknown): OkapiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OkapiError);
    return error as OkapiError;
  }
  throw new Error('expected a failure');
}

describe('Generated operation request routing', () => {
  it('1. servers are honoured at document, path and operation level; the operation (path/operation) level wins', () => {
    const entry = { base_url: 'https://api.example.com' };
    const document = [{ url: '/v1' }];
    expect(route(entry, document).url).toBe('https://api.example.com/v1/pets/42');
    // OperationDetail.servers holds the path or operation level (operation wins when both exist).
    expect(route(entry, document, { operationServers: [{ url: '/upload/v1' }] }).url).toBe('https://api.example.com/upload/v1/pets/42');
    expect(route(entry, document, { operationServers: [] }).url).toBe('https://api.example.com/v1/pets/42');
    expect(route(entry, []).url).toBe('https://api.example.com/pets/42');
  });

  it('2. the document-level server defines the path shape; base_url supplies the origin', () => {
    const document = [{ url: 'https://api.example.com/v2' }];
    expect(route({ base_url: 'http://127.0.0.1:8080' }, document).url).toBe('http://127.0.0.1:8080/v2/pets/42');
    // base_url already holding the server path does not double it; a gateway prefix is kept in front.
    expect(route({ base_url: 'https://api.example.com/v2' }, [{ url: '/v2' }]).url).toBe('https://api.example.com/v2/pets/42');
    expect(route({ base_url: 'https://api.example.com/v2/' }, document).url).toBe('https://api.example.com/v2/pets/42');
    expect(route({ base_url: 'https://gw.example.com/petstore' }, document).url).toBe('https://gw.example.com/petstore/v2/pets/42');
    expect(route({ base_url: 'https://gw.example.com/petstore/v2' }, document).url).toBe('https://gw.example.com/petstore/v2/pets/42');
    // A document server at the root keeps base_url's path.
    expect(route({ base_url: 'https://api.example.com/api' }, [{ url: '/' }]).url).toBe('https://api.example.com/api/pets/42');
    // The query and the escapes of the filled-in path are kept as they are.
    expect(route({ base_url: 'https://api.example.com' }, [{ url: '/v2' }], { path: '/pets/a%2Fb', query: 'tag=a%20b&x=%2B' }).url).toBe(
      'https://api.example.com/v2/pets/a%2Fb?tag=a%20b&x=%2B',
    );
  });

  it('3. server variables take server_variables values, then OpenAPI defaults', () => {
    const document = [{ url: 'https://{region}.example.com/{version}', variables: { region: { default: 'eu' }, version: { default: 'v1' } } }];
    expect(route({ base_url: 'https://eu.example.com' }, document).url).toBe('https://eu.example.com/v1/pets/42');
    expect(route({ base_url: 'https://eu.example.com', server_variables: { version: 'v3' } }, document).url).toBe('https://eu.example.com/v3/pets/42');
    // The profile's values win over the API's.
    const entry = { base_url: 'https://eu.example.com', server_variables: { version: 'v3' } };
    const profile = { name: 'beta', settings: { server_variables: { version: 'v4-beta' } } };
    expect(route(entry, document, { profile }).url).toBe('https://eu.example.com/v4-beta/pets/42');
    // A variable with neither a configured value nor a default cannot be guessed.
    const error = failure(() => route({ base_url: 'https://api.example.com' }, [{ url: '/{tenant}/api', variables: { tenant: {} } }]));
    expect(error.message).toBe('the OpenAPI server "/{tenant}/api" of API example needs a value for its variable "tenant", and the document gives no default');
    expect(error.hint).toBe("set one with: okapi api set example 'server_variables.tenant: <value>'");
  });

  it('4. a relative server URL resolves against base_url', () => {
    expect(route({ base_url: 'https://api.example.com' }, [{ url: '/v1' }]).url).toBe('https://api.example.com/v1/pets/42');
    expect(route({ base_url: 'https://api.example.com/api' }, [{ url: 'v1' }]).url).toBe('https://api.example.com/api/v1/pets/42');
    expect(route({ base_url: 'https://api.example.com/api/v2' }, [{ url: '../v1' }]).url).toBe('https://api.example.com/api/v1/pets/42');
    expect(route({ base_url: 'https://api.example.com/api' }, [{ url: '' }]).url).toBe('https://api.example.com/api/pets/42');
    // A relative operation server stays on base_url's origin: credentials stay with it.
    const relative = route({ base_url: 'https://api.example.com' }, [], { operationServers: [{ url: '/files' }] });
    expect(relative).toEqual({ url: 'https://api.example.com/files/pets/42', warnings: [], crossOrigin: false });
  });

  it("5. an absolute document-level server on another origin contributes only its path prefix; base_url's origin is used", () => {
    const document = [{ url: 'https://prod.example.com/api/v3' }];
    const result = route({ base_url: 'http://127.0.0.1:8080' }, document);
    expect(result).toEqual({ url: 'http://127.0.0.1:8080/api/v3/pets/42', warnings: [], crossOrigin: false });
    // The issue restish#334 shape: variables that make up the whole origin do not take base_url's place.
    const hostOnly = [{ url: '{protocol}://{hostpath}', variables: { protocol: { default: 'http', enum: ['http', 'https'] }, hostpath: { default: 'localhost:8989' } } }];
    expect(route({ base_url: 'https://api.example.com' }, hostOnly).url).toBe('https://api.example.com/pets/42');
  });

  it('6. a configured variable outside the enum: a warning is printed and the configured value is used', () => {
    const document = [{ url: 'https://api.example.com/{stage}', variables: { stage: { default: 'prod', enum: ['prod', 'staging'] } } }];
    const result = route({ base_url: 'https://api.example.com', server_variables: { stage: 'canary' } }, document);
    expect(result.url).toBe('https://api.example.com/canary/pets/42');
    expect(result.warnings).toEqual([
      'apis.example.server_variables.stage is "canary", which is not one of the values the OpenAPI document of API example lists for it (prod, staging); using it as configured',
    ]);
    expect(route({ base_url: 'https://api.example.com', server_variables: { stage: 'staging' } }, document).warnings).toEqual([]);
  });

  it('7. a configured variable not declared by any applicable server, when the spec declares variables: the command fails', () => {
    const document = [{ url: 'https://api.example.com/{stage}', variables: { stage: { default: 'prod' } } }];
    const error = failure(() => route({ base_url: 'https://api.example.com', server_variables: { stgae: 'beta' } }, document));
    expect(error.exitCode).toBe(ExitCode.runtime);
    expect(error.message).toBe('apis.example.server_variables.stgae names a server variable "stgae" that no OpenAPI server of this operation declares');
    expect(error.hint).toBe('the servers declare: stage; correct or remove it with: okapi config edit');
    const profile = { name: 'dev', settings: { server_variables: { region: 'eu' } } };
    expect(failure(() => route({ base_url: 'https://api.example.com' }, document, { profile })).message).toMatch(/^apis\.example\.profiles\.dev\.server_variables\.region names/);
    // A variable of the operation's own servers is declared for it.
    const operationServers = [{ url: 'https://{region}.files.example.com', variables: { region: { default: 'us' } } }];
    const allowed = { base_url: 'https://api.example.com', allowed_operation_origins: ['https://eu.files.example.com'], server_variables: { region: 'eu' } };
    expect(route(allowed, document, { operationServers }).url).toBe('https://eu.files.example.com/pets/42');
    // When the spec declares no variables there is nothing to misspell: no failure.
    expect(route({ base_url: 'https://api.example.com', server_variables: { stage: 'beta' } }, [{ url: '/v1' }]).url).toBe('https://api.example.com/v1/pets/42');
  });

  it('8. a path- or operation-level absolute server on another origin is blocked unless allowed_operation_origins lists it or url_overrides rewrites it', () => {
    const operationServers = [{ url: 'https://files.example.net/v1' }];
    const entry = { base_url: 'https://api.example.com' };
    const error = failure(() => route(entry, [], { operationServers }));
    expect(error.exitCode).toBe(ExitCode.runtime);
    expect(error.message).toBe(
      'the OpenAPI server "https://files.example.net/v1" of this operation is on another origin (https://files.example.net) than the base_url of API example (https://api.example.com); okapi does not send the API\'s requests there unless told to',
    );
    expect(error.hint).toBe("allow it with: okapi api set example 'allowed_operation_origins[]: https://files.example.net' (or route it with url_overrides)");

    const allowed = route({ ...entry, allowed_operation_origins: ['HTTPS://FILES.EXAMPLE.NET:443/'] }, [], { operationServers, query: 'a=1' });
    expect(allowed).toEqual({ url: 'https://files.example.net/v1/pets/42?a=1', warnings: [], crossOrigin: true });

    const rewritten = route({ ...entry, url_overrides: { 'https://files.example.net/v1': 'http://127.0.0.1:8080/files' } }, [], { operationServers });
    expect(rewritten.url).toBe('http://127.0.0.1:8080/files/pets/42');
    expect(rewritten.crossOrigin).toBe(true);
    // An override that does not cover the server's URL does not unblock it.
    expect(() => route({ ...entry, url_overrides: { 'https://files.example.net/v2': 'http://127.0.0.1:8080' } }, [], { operationServers })).toThrow(OkapiError);
    // A server on base_url's origin is chosen over one on another origin, whatever their order.
    const both = [{ url: 'https://files.example.net/v1' }, { url: 'https://api.example.com/files' }];
    expect(route(entry, [], { operationServers: both })).toEqual({ url: 'https://api.example.com/files/pets/42', warnings: [], crossOrigin: false });
    // What a URL parser reads as another host is another host, however relative it looks.
    expect(() => route(entry, [], { operationServers: [{ url: '/\\evil.example.net/x' }] })).toThrow(/another origin \(https:\/\/evil.example.net\)/);
    expect(() => route(entry, [], { operationServers: [{ url: '//evil.example.net/x' }] })).toThrow(/another origin \(https:\/\/evil.example.net\)/);
    // A bad allowed_operation_origins entry (the file edited by hand) is named.
    expect(failure(() => route({ ...entry, allowed_operation_origins: ['files.example.net'] }, [], { operationServers })).message).toBe(
      'allowed_operation_origins of API example: "files.example.net" is not an origin such as https://files.example.com (scheme, host and port only)',
    );
  });

  it('9. a same-origin absolute server is used; outside the configured base path the profile is kept and the operation resolves to that path', () => {
    const entry = { base_url: 'https://api.example.com/v2', profiles: { default: { headers: ['Authorization: Bearer t'] } } };
    const outside = route(entry, [{ url: 'https://api.example.com/legacy' }]);
    expect(outside).toEqual({ url: 'https://api.example.com/legacy/pets/42', warnings: [], crossOrigin: false });
    const operation = route(entry, [], { operationServers: [{ url: 'https://API.example.com:443/upload' }] });
    expect(operation).toEqual({ url: 'https://api.example.com/upload/pets/42', warnings: [], crossOrigin: false });
    // Same scheme, hostname and effective port: another port or scheme is another origin.
    expect(() => route(entry, [], { operationServers: [{ url: 'https://api.example.com:8443/upload' }] })).toThrow(/another origin \(https:\/\/api.example.com:8443\)/);
    expect(() => route(entry, [], { operationServers: [{ url: 'http://api.example.com/upload' }] })).toThrow(/another origin \(http:\/\/api.example.com\)/);
    // Of several servers on the origin, the one inside base_url's path is chosen.
    const versions = [{ url: 'https://api.example.com/v1' }, { url: 'https://api.example.com/v2' }];
    expect(route(entry, versions).url).toBe('https://api.example.com/v2/pets/42');
  });

  it('10. if no server matches the configured origin, base_url is used; credentials are never sent to another host', () => {
    const staging = { base_url: 'https://staging.example.com/api' };
    const document = [{ url: 'https://prod.example.com/api' }, { url: 'https://sandbox.example.com/api' }];
    expect(route(staging, document)).toEqual({ url: 'https://staging.example.com/api/pets/42', warnings: [], crossOrigin: false });
    // A document server on base_url's origin is preferred to the first one listed.
    const listed = [{ url: 'https://prod.example.com/v1' }, { url: 'https://staging.example.com/api/v1' }];
    expect(route(staging, listed).url).toBe('https://staging.example.com/api/v1/pets/42');
    // base_url's own query goes with requests to its origin, never elsewhere.
    const keyed = { base_url: 'https://api.example.com/?api-version=2024-01', allowed_operation_origins: ['https://files.example.net'] };
    expect(route(keyed, [], { query: 'a=1' }).url).toBe('https://api.example.com/pets/42?api-version=2024-01&a=1');
    expect(route(keyed, [], { query: 'a=1', operationServers: [{ url: 'https://files.example.net' }] }).url).toBe('https://files.example.net/pets/42?a=1');
  });

  it('a query the document writes in a server URL or in the path key is sent, before the parameters', () => {
    const entry = { base_url: 'https://api.example.com' };
    // Azure-style descriptions put the API version in the server or the path key.
    expect(route(entry, [{ url: '/v1?api-version=2023-01-01' }], { query: 'a=1' }).url).toBe(
      'https://api.example.com/v1/pets/42?api-version=2023-01-01&a=1',
    );
    expect(route(entry, [], { path: '/search?mode=fast', query: 'q=hello' }).url).toBe('https://api.example.com/search?mode=fast&q=hello');
    const operationServers = [{ url: '/upload?kind=media' }];
    expect(route(entry, [], { operationServers }).url).toBe('https://api.example.com/upload/pets/42?kind=media');
    const keyed = { base_url: 'https://api.example.com/?tenant=t1' };
    expect(route(keyed, [{ url: '/v1?api-version=2' }], { path: '/search?mode=fast', query: 'q=x' }).url).toBe(
      'https://api.example.com/v1/search?tenant=t1&api-version=2&mode=fast&q=x',
    );
  });

  it("base_url's, the server's, the path key's and the parameters' query are layers: a later one's name replaces the earlier values, repeats in one stay", () => {
    // What `api connect <name> <url>` gives: base_url is the description's server, query and all.
    const connected = { base_url: 'https://api.example.com/v1?api-version=2024' };
    const server = [{ url: 'https://api.example.com/v1?api-version=2024' }];
    expect(route(connected, server, { path: '/search?mode=fast' }).url).toBe('https://api.example.com/v1/search?api-version=2024&mode=fast');
    expect(route(connected, server, { path: '/search?mode=fast', query: 'api-version=2025' }).url).toBe('https://api.example.com/v1/search?mode=fast&api-version=2025');
    expect(route(connected, server, { path: '/search?mode=fast', query: 'mode=slow&tag=a&tag=b' }).url).toBe(
      'https://api.example.com/v1/search?api-version=2024&mode=slow&tag=a&tag=b',
    );
    // A path key's repeats are one layer's: both go, unless the parameters name it.
    expect(route(connected, [], { path: '/search?tag=x&tag=y' }).url).toBe('https://api.example.com/v1/search?api-version=2024&tag=x&tag=y');
    expect(route(connected, [], { path: '/search?tag=x&tag=y', query: 'tag=z' }).url).toBe('https://api.example.com/v1/search?api-version=2024&tag=z');
  });

  it('11. url_overrides rewrite the chosen URL last (longest source prefix wins), also for path/operation servers', () => {
    const entry = {
      base_url: 'https://api.example.com',
      url_overrides: { 'https://api.example.com': 'http://127.0.0.1:8080', 'https://api.example.com/v1/files': 'http://127.0.0.1:8081/f' },
    };
    const document = [{ url: '/v1' }];
    expect(route(entry, document)).toEqual({ url: 'http://127.0.0.1:8080/v1/pets/42', warnings: [], crossOrigin: false });
    expect(route(entry, document, { path: '/files/7', query: 'x=1' })).toEqual({ url: 'http://127.0.0.1:8081/f/7?x=1', warnings: [], crossOrigin: true });
    // Not mid-segment: /v1/filesystem is not below /v1/files.
    expect(route(entry, document, { path: '/filesystem' }).url).toBe('http://127.0.0.1:8080/v1/filesystem');
    // The profile's entries extend and override the API's.
    const profile = { name: 'local', settings: { url_overrides: { 'https://api.example.com': 'http://127.0.0.1:9090/p' } } };
    expect(route(entry, document, { profile }).url).toBe('http://127.0.0.1:9090/p/v1/pets/42');
    // An operation server rewritten onto base_url's (rewritten) origin is not another origin.
    const home = { ...entry, url_overrides: { ...entry.url_overrides, 'https://files.example.net': 'http://127.0.0.1:8080/files' } };
    expect(route(home, document, { operationServers: [{ url: 'https://files.example.net' }] })).toEqual({
      url: 'http://127.0.0.1:8080/files/pets/42',
      warnings: [],
      crossOrigin: false,
    });
  });
});

describe('operation_base', () => {
  it('overrides the path prefix of the document and of base_url; / is the origin root', () => {
    const document = [{ url: 'https://api.example.com/v2' }];
    expect(route({ base_url: 'https://api.example.com/api', operation_base: '/' }, document).url).toBe('https://api.example.com/pets/42');
    expect(route({ base_url: 'https://api.example.com/api', operation_base: '/rest/v9/' }, document).url).toBe('https://api.example.com/rest/v9/pets/42');
    // Path- and operation-level servers are the operation's own routing: they still win.
    const operationServers = [{ url: '/upload' }];
    expect(route({ base_url: 'https://api.example.com', operation_base: '/rest' }, document, { operationServers }).url).toBe('https://api.example.com/upload/pets/42');
  });

  it('is unset when empty, as the operation index reads it', () => {
    expect(route({ base_url: 'https://api.example.com/api', operation_base: ' ' }, [{ url: '/v1' }]).url).toBe('https://api.example.com/api/v1/pets/42');
  });

  it('refuses an operation_base that is not a path from the root, saying how to set one', () => {
    for (const operation_base of ['api', 'https://x.example.com/api', '/a?b', '//x.example.com', '/\\x.example.com', 7]) {
      const error = failure(() => route({ base_url: 'https://api.example.com', operation_base: operation_base as string }, []));
      expect(error.message).toBe(`the operation_base of API example (${JSON.stringify(operation_base)}) is not a path such as /api/v2 or /`);
      expect(error.hint).toBe("set it with: okapi api set example 'operation_base: /api/v2'");
    }
  });
});

describe('base_url and servers okapi cannot use', () => {
  it('names the value at fault and what to do', () => {
    expect(failure(() => route({}, [])).message).toBe('API example has no base_url');
    expect(failure(() => route({ base_url: 'ftp://files.example.com' }, [])).message).toBe('the base_url of API example ("ftp://files.example.com") is not an http or https URL');
    const profile = { name: 'p', settings: { base_url: 'http://127.0.0.1:7000/p' } };
    expect(route({ base_url: 'https://api.example.com' }, [{ url: '/v1' }], { profile }).url).toBe('http://127.0.0.1:7000/p/v1/pets/42');
    const error = failure(() => route({ base_url: 'https://api.example.com' }, [{ url: 'wss://stream.example.com/v1' }]));
    expect(error.message).toBe('the OpenAPI server "wss://stream.example.com/v1" of API example is not an http or https URL');
    expect(error.hint).toBe("name the path yourself with: okapi api set example 'operation_base: /'");
  });
});
