/** Discovery's trust decisions: when a link to another place may be followed (addresses: test/unit/transport/address-*). */
import { describe, expect, it } from 'vitest';
import { fetchPolicy, followDecision, WELL_KNOWN_PATHS, LINK_RELS } from '../../../plugins-builtin/api/discovery.js';

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

  it('with the opt-in, follows another origin (its address is the transport\'s to check)', () => {
    expect(decide('https://docs.example.com/spec', { allowCrossOrigin: true }).ok).toBe(true);
    expect(decide('http://127.0.0.1:9090/spec', { allowCrossOrigin: true }).ok).toBe(true);
  });

  it('the fetch policy trusts the URLs the user gave, once each', () => {
    expect(fetchPolicy(['https://api.example.com/', 'https://api.example.com/'], false)).toEqual({ trusted_urls: ['https://api.example.com/'], allow_cross_origin: false });
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
