/** Planning from a request description alone: no argv, no Invocation. */
import { describe, expect, it } from 'vitest';
import { planRequest } from '../../../kernel/pipeline/plan-request.js';
import type { FieldLayer, RequestDescription } from '../../../kernel/pipeline/request-description.js';
import { transportOptionsFor } from '../../../kernel/pipeline/transport-options.js';

const env = (entries: [string, string][]): FieldLayer => ({ source: 'OKAPI_HEADER', entries });
const flags = (entries: [string, string][]): FieldLayer => ({ source: '-H', entries });
const envQuery = (entries: [string, string][]): FieldLayer => ({ source: 'OKAPI_QUERY', entries });
const queryFlags = (entries: [string, string][]): FieldLayer => ({ source: '-q', entries });
const shop = (profile: Record<string, unknown>) => ({ apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: profile } } } });
const base: RequestDescription = { method: 'GET', target: 'http://127.0.0.1:9/items', headerLayers: [], queryLayers: [], configDir: '/config', limits: {} };

describe('planRequest', () => {
  it('lets a later header layer replace every earlier value of a name, then applies the description headers', () => {
    const plan = planRequest(
      {
        ...base,
        headerLayers: [env([['X-A', 'env'], ['X-B', 'env']]), flags([['x-a', 'flag1'], ['X-A', 'flag2']])],
        queryLayers: [envQuery([['q', '1']]), queryFlags([['r', '2']])],
        headers: { 'X-B': null, 'X-C': 'plugin' },
      },
      {},
      {},
    );
    expect(plan.headers['x-a']).toEqual(['flag1', 'flag2']);
    expect(Object.keys(plan.headers).map((n) => n.toLowerCase())).not.toContain('x-b');
    expect(plan.headers['X-C']).toEqual(['plugin']);
    expect(plan.url.href).toBe('http://127.0.0.1:9/items?q=1&r=2');
  });

  it("fills a profile's templates from the run's environment, not the process's", () => {
    const config = { apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: { params: { tenant: 'env:SHOP_TENANT' }, headers: ['X-Tenant: {tenant}'] } } } } };
    const plan = planRequest({ ...base, target: 'shop/items' }, config, { SHOP_TENANT: 'from-the-run' });
    expect(plan.headers['X-Tenant']).toEqual(['from-the-run']);
  });

  it("puts a command's headers above the profile's and below the user's, adding its cookies to the profile's", () => {
    const config = { apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: { headers: ['Cookie: auth=t', 'X-Tenant: p', 'X-Trace: p'] } } } } };
    const plan = planRequest(
      {
        ...base,
        target: 'http://127.0.0.1:9/styles',
        api: 'shop',
        headerLayers: [flags([['Content-Type', 'application/merge-patch+json'], ['X-Trace', 'user']])],
        headers: { Cookie: ['session=s'], 'Content-Type': ['application/json'], 'X-Tenant': ['command'], 'X-Trace': ['command'] },
      },
      config,
      {},
    );
    expect(plan.headers.Cookie).toEqual(['auth=t; session=s']);
    expect(plan.headers['X-Tenant']).toEqual(['command']);
    expect(plan.headers['X-Trace']).toEqual(['user']);
    expect(plan.headers['Content-Type']).toEqual(['application/merge-patch+json']);
  });

  it('adds the body Content-Type only when the body has one and no layer set it', () => {
    const typed = planRequest({ ...base, method: 'POST', body: { bytes: new Uint8Array([1]), contentType: 'application/json' } }, {}, {});
    expect(typed.headers['Content-Type']).toEqual(['application/json']);
    expect(typed.okapiHeaders['Content-Type']).toEqual(['application/json']);
    const untyped = planRequest({ ...base, method: 'POST', body: { bytes: new Uint8Array([1]) } }, {}, {});
    expect(Object.keys(untyped.headers).map((n) => n.toLowerCase())).not.toContain('content-type');
  });

  it("refuses a Content-Type sent that declares another charset than the body's text is in, as a profile's may", () => {
    const config = { apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: { headers: ['Content-Type: text/plain; charset=iso-8859-1'] } } } } };
    const body = (charset?: string) => ({ bytes: Buffer.from('café'), contentType: 'text/plain', ...(charset ? { charset } : {}) });
    expect(() => planRequest({ ...base, method: 'POST', target: 'shop/notes', body: body('utf-8') }, config, {})).toThrow(
      'the request body is text written in utf-8, but the Content-Type sent (text/plain; charset=iso-8859-1) declares charset=iso-8859-1',
    );
    expect(planRequest({ ...base, method: 'POST', target: 'shop/notes', body: body('iso-8859-1') }, config, {}).headers['Content-Type']).toEqual(['text/plain; charset=iso-8859-1']);
    // Bytes that are not text okapi wrote are the user's: sent under any label.
    expect(planRequest({ ...base, method: 'POST', target: 'shop/notes', body: body() }, config, {}).body).toBeDefined();
  });

  it('puts --okapi-server in place of the target origin', () => {
    expect(planRequest({ ...base, server: 'http://127.0.0.1:8080' }, {}, {}).url.href).toBe('http://127.0.0.1:8080/items');
  });

  it("rewrites an API-aware target's final URL with url_overrides, the profile's over the API's", () => {
    const config = {
      apis: {
        example: {
          base_url: 'https://api.example.com/v1',
          url_overrides: { 'https://api.example.com': 'http://127.0.0.1:8080', 'https://api.example.com/v1/files': 'http://127.0.0.1:8081/f' },
          profiles: { local: { url_overrides: { 'https://api.example.com': 'http://127.0.0.1:9090/p' } } },
        },
      },
    };
    const plan = (target: string, profile?: string) =>
      planRequest({ ...base, target, queryLayers: [flags([['q', '1']])], ...(profile ? { profile } : {}) }, config, {}).url.href;
    expect(plan('example/items')).toBe('http://127.0.0.1:8080/v1/items?q=1');
    expect(plan('example/files/a%2Fb')).toBe('http://127.0.0.1:8081/f/a%2Fb?q=1');
    expect(plan('example/filesystem')).toBe('http://127.0.0.1:8080/v1/filesystem?q=1');
    expect(plan('example/items', 'local')).toBe('http://127.0.0.1:9090/p/v1/items?q=1');
    expect(plan('https://elsewhere.example.net/x')).toBe('https://elsewhere.example.net/x?q=1');
  });

  it("plans the profile's auth for a request that is no operation, and a forced binding's shared auth profile under its id", () => {
    const config = {
      auth_profiles: { corp: { type: 'bearer', params: { token: 'env:CORP_TOKEN' } } },
      apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: { auth: { type: 'bearer', params: { token: 't' } }, credentials: { corp: { auth_ref: 'corp' } } } } } },
    };
    const profileParams = { params: {}, path: 'apis.shop.profiles.default.params' };
    expect(planRequest({ ...base, target: 'shop/items' }, config, {}).auth).toEqual([
      { type: 'bearer', params: { token: 't' }, paramsPath: 'apis.shop.profiles.default.auth.params', templateParams: [profileParams], api: 'shop', profile: 'default' },
    ]);
    const warnings: string[] = [];
    const forced = planRequest({ ...base, target: 'shop/items', auth: 'corp', warn: (m) => warnings.push(m) }, config, {});
    expect(forced.auth).toEqual([
      {
        type: 'bearer',
        params: { token: 'env:CORP_TOKEN' },
        paramsPath: 'auth_profiles.corp.params',
        authProfile: 'corp',
        // A binding's params fill templates over the profile's.
        templateParams: [profileParams, { params: {}, path: 'apis.shop.profiles.default.credentials.corp.params' }],
        api: 'shop',
        profile: 'default',
        credential: 'corp',
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('sends no credential of the profile to another origin, and says so when one was forced', () => {
    const config = { apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: { credentials: { key: { auth: { type: 'bearer', params: { token: 't' } } } } } } } } };
    const warnings: string[] = [];
    const plan = planRequest({ ...base, target: 'http://127.0.0.1:10/x', api: 'shop', auth: 'key', warn: (m) => warnings.push(m) }, config, {});
    expect(plan.auth).toBeUndefined();
    expect(warnings).toEqual(["--okapi-auth key applies only to requests to a registered API's own origin; no credential was sent"]);
  });
});

describe('planRequest: what the user gave over profile defaults', () => {

  it("lets a query name in the URL replace the profile's and OKAPI_QUERY's default of that name, as -q does", () => {
    const config = shop({ query: ['k=1', 'limit=99', 'keep=p'] });
    const queryLayers = [envQuery([['k', 'env'], ['e', '1']]), queryFlags([['limit', '5']])];
    const plan = planRequest({ ...base, target: 'shop/items?k=2', queryLayers }, config, {});
    expect([...plan.url.searchParams]).toEqual([['k', '2'], ['keep', 'p'], ['e', '1'], ['limit', '5']]);
    expect([...planRequest({ ...base, target: 'shop/items?k=2', queryLayers: [envQuery([]), queryFlags([['k', '3']])] }, config, {}).url.searchParams]).toContainEqual(['k', '3']);
    const command = planRequest({ ...base, target: 'http://127.0.0.1:9/items/x?limit=5', api: 'shop', operation: 'get-item' }, config, {});
    expect(command.url.searchParams.getAll('limit')).toEqual(['5']);
  });

  it("merges cookies by name: the profile's, then OKAPI_HEADER, the command's, -H last", () => {
    const plan = planRequest(
      {
        ...base,
        target: 'http://127.0.0.1:9/items',
        api: 'shop',
        headerLayers: [env([['Cookie', 'envc=1; both=env']]), flags([['cookie', 'other=1; both=typed']])],
        headers: { Cookie: 'sess=v' },
      },
      shop({ headers: ['Cookie: prof=p; envc=old'] }),
      {},
    );
    expect(plan.headers.cookie).toEqual(['prof=p; envc=1; sess=v; other=1; both=typed']);
  });

  it("puts a command's parameter above OKAPI_HEADER: it is a flag of the command line", () => {
    const plan = planRequest({ ...base, headerLayers: [env([['X-Req-Id', 'env']]), flags([])], headers: { 'X-Req-Id': 'p' }, operation: 'get-item' }, {}, {});
    expect(plan.headers['X-Req-Id']).toEqual(['p']);
  });

  it("refuses a header or cookie both a command's parameter and -H give with other values, naming both", () => {
    const typed = (entries: [string, string][], headers: Record<string, string>) => () =>
      planRequest({ ...base, headerLayers: [env([]), flags(entries)], headers, operation: 'get-item' }, {}, {});
    expect(typed([['X-Req-Id', 'h']], { 'X-Req-Id': 'p' })).toThrow(
      "the header X-Req-Id is given twice, by the command's parameter (X-Req-Id: p) and by -H 'X-Req-Id: h': give it once",
    );
    expect(typed([['Authorization', 'Bearer MINE']], { Authorization: 'Bearer OTHER' })).toThrow(/\(Authorization: \*\*\*\) and by -H 'Authorization: \*\*\*'/);
    expect(typed([['Cookie', 'other=1; sess=w']], { Cookie: 'sess=v' })).toThrow("the cookie sess is given twice, by the command's parameter and by -H 'Cookie: …', with different values (not shown): give it once");
    expect(typed([['x-req-id', 'p']], { 'X-Req-Id': 'p' })().headers['x-req-id']).toEqual(['p']);
    expect(typed([['Content-Type', 'application/merge-patch+json']], { 'Content-Type': 'application/json' })().headers['Content-Type']).toEqual(['application/merge-patch+json']);
  });

  it("refuses a query parameter a command's URL carries and -q gives with another value, and sends the same value once", () => {
    const typed = (entries: [string, string][]) => () =>
      planRequest({ ...base, target: 'http://127.0.0.1:9/items/x?limit=5', query: 'limit=5', queryLayers: [envQuery([]), queryFlags(entries)], operation: 'get-item' }, {}, {});
    expect(typed([['limit', '7']])).toThrow("the query parameter limit is given twice, by the command's parameter (limit=5) and by -q 'limit=7': give it once");
    expect(typed([['api_key', 'MINE']])().url.searchParams.getAll('api_key')).toEqual(['MINE']);
    expect(typed([['limit', '5']])().url.searchParams.getAll('limit')).toEqual(['5']);
  });

  it('lists what was given by hand for the auth phase, with where, only when an auth runs', () => {
    const config = shop({ auth: { type: 'bearer', params: { token: 'PROF' } } });
    const plan = planRequest(
      {
        ...base,
        target: 'shop/items?api_key=MINE',
        headerLayers: [env([['X-Api-Key', 'env']]), flags([['Authorization', 'Bearer MINE'], ['Cookie', 'sid=mine']])],
        queryLayers: [{ source: 'OKAPI_QUERY', entries: [] }, { source: '-q', entries: [['tok', 'x']] }],
      },
      config,
      {},
    );
    expect(plan.given?.headers).toEqual(new Map([['x-api-key', 'OKAPI_HEADER'], ['authorization', '-H']]));
    expect(plan.given?.cookies).toEqual(new Map([['sid', '-H']]));
    expect(plan.given?.query).toEqual(new Map([['api_key', 'the URL'], ['tok', '-q']]));
    expect(planRequest({ ...base, target: 'shop/items' }, shop({}), {}).given).toBeUndefined();
    const command = planRequest(
      { ...base, target: 'http://127.0.0.1:9/items?api_key=P', api: 'shop', operation: 'get-item', headers: { Authorization: 'Bearer P', Cookie: 'sid=p' } },
      config,
      {},
    );
    expect(command.given?.headers).toEqual(new Map([['authorization', "the command's parameter"]]));
    expect(command.given?.cookies).toEqual(new Map([['sid', "the command's parameter"]]));
    expect(command.given?.query).toEqual(new Map([['api_key', "the command's parameter"]]));
  });
});

describe("planRequest: the profile's TLS files", () => {
  const config = {
    apis: {
      ex: {
        base_url: 'https://api.example.com/v1',
        url_overrides: { 'https://api.example.com': 'https://127.0.0.1:8443' },
        profiles: { default: { ca_cert: 'ca.pem', client_cert: '/abs/c.pem', client_key: 'k.pem' }, bare: {} },
      },
    },
  };
  const paths = { ca_cert: '/config/ca.pem', client_cert: '/abs/c.pem', client_key: '/config/k.pem' };

  it('binds them to the origin the request goes to, paths relative to the config directory', () => {
    expect(planRequest({ ...base, target: 'ex/items' }, config, {}).tls).toEqual({ origin: 'https://127.0.0.1:8443', api: 'ex', profile: 'default', paths });
  });

  it("gives them to a command's URL on the API's origin, never to one on another origin (an operation server)", () => {
    expect(planRequest({ ...base, target: 'https://api.example.com/v1/items', api: 'ex' }, config, {}).tls?.origin).toBe('https://api.example.com');
    expect(planRequest({ ...base, target: 'https://files.example.net/x', api: 'ex' }, config, {}).tls).toBeUndefined();
  });

  it('has none for a profile without TLS files or a request to no API', () => {
    expect(planRequest({ ...base, target: 'ex/items', profile: 'bare' }, config, {}).tls).toBeUndefined();
    expect(planRequest({ ...base, target: 'https://api.example.com/v1/items' }, config, {}).tls).toBeUndefined();
  });

  it("uses them for a tlsApi request on the API's origin only, without the profile's headers", () => {
    const onOrigin = planRequest({ ...base, target: 'https://api.example.com/openapi.json', tlsApi: 'ex' }, config, {});
    expect(onOrigin.tls).toEqual({ origin: 'https://api.example.com', api: 'ex', profile: 'default', paths });
    expect(onOrigin.api).toBeUndefined();
    expect(planRequest({ ...base, target: 'https://127.0.0.1:8443/openapi.json', tlsApi: 'ex' }, config, {}).tls?.origin).toBe('https://127.0.0.1:8443');
    expect(planRequest({ ...base, target: 'https://elsewhere.example.net/openapi.json', tlsApi: 'ex' }, config, {}).tls).toBeUndefined();
    expect(() => planRequest({ ...base, target: 'https://api.example.com/', tlsApi: 'nope' }, config, {})).toThrow(/no registered API named "nope"/);
  });

  it('refuses a TLS field that is not a path, naming its config key', () => {
    const broken = { apis: { ex: { base_url: 'https://api.example.com', profiles: { default: { client_cert: ['c.pem'] } } } } };
    expect(() => planRequest({ ...base, target: 'ex/items' }, broken, {})).toThrow(/^apis\.ex\.profiles\.default\.client_cert must be the path of a PEM file/);
  });
});

describe('transportOptionsFor', () => {
  it('applies the 100 MiB default only when no body limit was chosen', () => {
    expect(transportOptionsFor({}, false)).toEqual({ maxBodySize: 100 * 1024 * 1024 });
    expect(transportOptionsFor({ maxBodySize: 10, timeoutMs: 5 }, true)).toEqual({ maxBodySize: 10, timeoutMs: 5, recordHops: true });
  });

});

describe('planRequest: the query written in the configuration and the description, and empty headers', () => {

  describe("base_url's and the description's query: the lowest layer", () => {
    const versioned = (profile: Record<string, unknown> = {}) => ({ apis: { ex: { base_url: 'http://127.0.0.1:9/?api-version=1', profiles: { default: profile } } } });
    const query = (description: Partial<RequestDescription>, config = versioned()) => [...planRequest({ ...base, ...description }, config, {}).url.searchParams];

    it("under the profile's query, OKAPI_QUERY, the URL's own query and -q for okapi <api>/<path>", () => {
      expect(query({ target: 'ex/echo' })).toEqual([['api-version', '1']]);
      expect(query({ target: 'ex/echo', queryLayers: [envQuery([['api-version', '3']]), queryFlags([])] })).toEqual([['api-version', '3']]);
      expect(query({ target: 'ex/echo' }, versioned({ query: ['api-version=2'] }))).toEqual([['api-version', '2']]);
      expect(query({ target: 'ex/echo?api-version=2' })).toEqual([['api-version', '2']]);
      expect(query({ target: 'ex/echo?x=1', queryLayers: [envQuery([]), queryFlags([['api-version', '4']])] })).toEqual([['x', '1'], ['api-version', '4']]);
      // base_url's query is the configuration's, not typed by hand: an auth's answer of that name is not kept from it.
      const given = planRequest({ ...base, target: 'ex/echo?x=1' }, versioned({ auth: { type: 'bearer', params: { token: 'T' } } }), {}).given;
      expect(given?.query).toEqual(new Map([['x', 'the URL']]));
    });

    it("under a generated command's own parameters, the profile's query and -q, which replace it rather than clash with it", () => {
      const target = 'http://127.0.0.1:9/search?api-version=2024&mode=fast&q=hi';
      const command = { target, api: 'ex', operation: 'search', query: 'q=hi' };
      expect(query(command)).toEqual([['api-version', '2024'], ['mode', 'fast'], ['q', 'hi']]);
      expect(query({ ...command, queryLayers: [envQuery([]), queryFlags([['api-version', '2025']])] })).toEqual([['mode', 'fast'], ['q', 'hi'], ['api-version', '2025']]);
      expect(query({ ...command, queryLayers: [envQuery([]), queryFlags([['mode', 'x']])] })).toEqual([['api-version', '2024'], ['q', 'hi'], ['mode', 'x']]);
      expect(query({ ...command, queryLayers: [envQuery([['mode', 'env']]), queryFlags([])] }, versioned({ query: ['api-version=p'] }))).toEqual([
        ['q', 'hi'],
        ['api-version', 'p'],
        ['mode', 'env'],
      ]);
      // Only the parameters' own values can clash with -q, and only they are named.
      const clash = () => query({ ...command, target: `${target}&mode=slow`, query: 'q=hi&mode=slow', queryLayers: [envQuery([]), queryFlags([['mode', 'x']])] });
      expect(clash).toThrow("the query parameter mode is given twice, by the command's parameter (mode=slow) and by -q 'mode=x': give it once");
      const given = planRequest({ ...base, ...command }, versioned({ auth: { type: 'bearer', params: { token: 'T' } } }), {}).given;
      expect(given?.query).toEqual(new Map([['q', "the command's parameter"]]));
    });
  });

  it("lets an empty -H 'Cookie:' clear the lower layers' cookies, as an empty value of any header replaces its lower values", () => {
    const config = shop({ headers: ['Cookie: prof=p', 'X-Team: p'] });
    const cleared = (typed: [string, string][]) => planRequest({ ...base, target: 'shop/items', headerLayers: [env([['Cookie', 'envc=1']]), flags(typed)] }, config, {}).headers;
    expect(cleared([['Cookie', ''], ['X-Team', '']])).toMatchObject({ Cookie: [''], 'X-Team': [''] });
    expect(cleared([['Cookie', ''], ['Cookie', 'mine=1']]).Cookie).toEqual(['mine=1']);
    expect(cleared([]).Cookie).toEqual(['prof=p; envc=1']);
  });
});
