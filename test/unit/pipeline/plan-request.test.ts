/** Planning from a request description alone: no argv, no Invocation. */
import { describe, expect, it } from 'vitest';
import { planRequest } from '../../../kernel/pipeline/plan-request.js';
import type { RequestDescription } from '../../../kernel/pipeline/request-description.js';
import { transportOptionsFor } from '../../../kernel/pipeline/transport-options.js';

const base: RequestDescription = { method: 'GET', target: 'http://127.0.0.1:9/items', headerLayers: [], queryLayers: [], configDir: '/config', limits: {} };

describe('planRequest', () => {
  it('lets a later header layer replace every earlier value of a name, then applies the description headers', () => {
    const plan = planRequest(
      {
        ...base,
        headerLayers: [[['X-A', 'env'], ['X-B', 'env']], [['x-a', 'flag1'], ['X-A', 'flag2']]],
        queryLayers: [[['q', '1']], [['r', '2']]],
        headers: { 'X-B': null, 'X-C': 'plugin' },
      },
      {},
    );
    expect(plan.headers['x-a']).toEqual(['flag1', 'flag2']);
    expect(Object.keys(plan.headers).map((n) => n.toLowerCase())).not.toContain('x-b');
    expect(plan.headers['X-C']).toEqual(['plugin']);
    expect(plan.url.href).toBe('http://127.0.0.1:9/items?q=1&r=2');
  });

  it("puts a command's headers above the profile's and below the user's, adding its cookies to the profile's", () => {
    const config = { apis: { shop: { base_url: 'http://127.0.0.1:9', profiles: { default: { headers: ['Cookie: auth=t', 'X-Tenant: p', 'X-Trace: p'] } } } } };
    const plan = planRequest(
      {
        ...base,
        target: 'http://127.0.0.1:9/styles',
        api: 'shop',
        headerLayers: [[['Content-Type', 'application/merge-patch+json'], ['X-Trace', 'user']]],
        headers: { Cookie: ['session=s'], 'Content-Type': ['application/json'], 'X-Tenant': ['command'], 'X-Trace': ['command'] },
      },
      config,
    );
    expect(plan.headers.Cookie).toEqual(['auth=t; session=s']);
    expect(plan.headers['X-Tenant']).toEqual(['command']);
    expect(plan.headers['X-Trace']).toEqual(['user']);
    expect(plan.headers['Content-Type']).toEqual(['application/merge-patch+json']);
  });

  it('adds the body Content-Type only when the body has one and no layer set it', () => {
    const typed = planRequest({ ...base, method: 'POST', body: { bytes: new Uint8Array([1]), contentType: 'application/json' } }, {});
    expect(typed.headers['Content-Type']).toEqual(['application/json']);
    expect(typed.okapiHeaders['Content-Type']).toEqual(['application/json']);
    const untyped = planRequest({ ...base, method: 'POST', body: { bytes: new Uint8Array([1]) } }, {});
    expect(Object.keys(untyped.headers).map((n) => n.toLowerCase())).not.toContain('content-type');
  });

  it('puts --okapi-server in place of the target origin', () => {
    expect(planRequest({ ...base, server: 'http://127.0.0.1:8080' }, {}).url.href).toBe('http://127.0.0.1:8080/items');
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
      planRequest({ ...base, target, queryLayers: [[['q', '1']]], ...(profile ? { profile } : {}) }, config).url.href;
    expect(plan('example/items')).toBe('http://127.0.0.1:8080/v1/items?q=1');
    expect(plan('example/files/a%2Fb')).toBe('http://127.0.0.1:8081/f/a%2Fb?q=1');
    expect(plan('example/filesystem')).toBe('http://127.0.0.1:8080/v1/filesystem?q=1');
    expect(plan('example/items', 'local')).toBe('http://127.0.0.1:9090/p/v1/items?q=1');
    expect(plan('https://elsewhere.example.net/x')).toBe('https://elsewhere.example.net/x?q=1');
  });
});

describe('transportOptionsFor', () => {
  it('applies the 100 MiB default only when no body limit was chosen', () => {
    expect(transportOptionsFor({}, false)).toEqual({ maxBodySize: 100 * 1024 * 1024 });
    expect(transportOptionsFor({ maxBodySize: 10, timeoutMs: 5 }, true)).toEqual({ maxBodySize: 10, timeoutMs: 5, recordHops: true });
  });
});
