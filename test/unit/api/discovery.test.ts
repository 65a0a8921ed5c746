/** Discovery's trust decisions: address classes, and when a link to another place may be followed. */
import { describe, expect, it } from 'vitest';
import { classifyAddress, classifyHost, followDecision, WELL_KNOWN_PATHS, LINK_RELS } from '../../../plugins-builtin/api/discovery.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['not-an-ip', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('classifies localhost names without DNS', async () => {
    expect(await classifyHost('localhost')).toBe('loopback');
    expect(await classifyHost('api.localhost')).toBe('loopback');
    expect(await classifyHost('[::1]')).toBe('loopback');
  });
});

describe('followDecision', () => {
  const api = new URL('https://api.example.com/v1');
  const decide = (target: string, options: Partial<Parameters<typeof followDecision>[0]> = {}) =>
    followDecision({ target: new URL(target), api, allowCrossOrigin: false, ...options });

  it('follows the same origin (scheme, host and effective port)', () => {
    expect(decide('https://api.example.com/openapi.json').ok).toBe(true);
    expect(decide('https://api.example.com:443/spec').ok).toBe(true);
  });

  it('refuses another origin without the opt-in, hinting at it', () => {
    for (const target of ['https://docs.example.com/spec', 'http://api.example.com/spec', 'https://api.example.com:8443/spec']) {
      const decision = decide(target);
      expect(decision.ok, target).toBe(false);
      if (!decision.ok) expect(decision.hint).toContain('--allow-cross-origin-spec');
    }
  });

  it('with the opt-in, follows public targets but not private ones from a public API', () => {
    expect(decide('https://docs.example.com/spec', { allowCrossOrigin: true, targetClass: 'public', apiClass: 'public' }).ok).toBe(true);
    for (const targetClass of ['private', 'loopback', 'link-local', 'unspecified'] as const) {
      const decision = decide('http://10.0.0.1/spec', { allowCrossOrigin: true, targetClass, apiClass: 'public' });
      expect(decision.ok, targetClass).toBe(false);
      if (!decision.ok) expect(decision.reason).toContain(targetClass);
    }
  });

  it('lets a private or local API link to private targets (with the opt-in for another origin)', () => {
    const local = new URL('http://127.0.0.1:8080');
    expect(followDecision({ target: new URL('http://127.0.0.1:9090/spec'), api: local, allowCrossOrigin: true, targetClass: 'loopback', apiClass: 'loopback' }).ok).toBe(true);
    expect(followDecision({ target: new URL('http://10.0.0.2/spec'), api: local, allowCrossOrigin: true, targetClass: 'private', apiClass: 'loopback' }).ok).toBe(true);
    expect(followDecision({ target: new URL('http://127.0.0.1:9090/spec'), api: local, allowCrossOrigin: false }).ok).toBe(false);
  });

  it('never follows other schemes', () => {
    expect(decide('file:///etc/passwd', { allowCrossOrigin: true }).ok).toBe(false);
    expect(decide('ftp://api.example.com/spec', { allowCrossOrigin: true }).ok).toBe(false);
  });

  it('looks in the documented order', () => {
    expect(LINK_RELS).toEqual(['service-desc', 'describedby']);
    expect(WELL_KNOWN_PATHS.slice(0, 4)).toEqual(['openapi.json', 'openapi.yaml', 'openapi.yml', 'swagger.json']);
  });
});
