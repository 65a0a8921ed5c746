import { describe, expect, it } from 'vitest';
import { requestHead } from '../../../kernel/output/transcript.js';
import { redactUrl } from '../../../sdk/shared/redact.js';

const head = {
  method: 'GET',
  target: '/items?k=key-123&page=2&token=t-1',
  httpVersion: '1.1',
  headers: { 'X-Tenant': ['tenant-secret'], Authorization: ['Bearer t-2'], Accept: ['*/*'] },
};

describe('the request head of a transcript', () => {
  it('masks credential-named fields by name', () => {
    const text = requestHead(head, false);
    expect(text).toContain('GET /items?k=key-123&page=2&token=*** HTTP/1.1');
    expect(text).toContain('Authorization: Bearer <redacted>');
    expect(text).toContain('X-Tenant: tenant-secret');
  });

  it('masks the fields an auth set whatever their names, and only their values', () => {
    const text = requestHead(head, false, { headers: ['x-tenant'], query: ['k'] });
    expect(text).toContain('GET /items?k=***&page=2&token=*** HTTP/1.1');
    expect(text).toContain('X-Tenant: <redacted>');
    expect(text).toContain('Accept: */*');
    expect(text).not.toContain('tenant-secret');
    expect(text).not.toContain('key-123');
  });
});

describe('redactUrl with names of its own', () => {
  it('masks those query parameters too, case-sensitively as URLs are', () => {
    expect(redactUrl('https://h.example/p?k=1&K=2&q=3', new Set(['k']))).toBe('https://h.example/p?k=***&K=2&q=3');
  });
});
