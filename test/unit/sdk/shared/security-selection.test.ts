/** Which credentials an operation's security requirements select (SPEC.md "Authentication" rules 2–10). */
import { describe, expect, it } from 'vitest';
import { OkapiError, UsageError } from '../../../../sdk/shared/errors.js';
import type { SecurityRequirement } from '../../../../sdk/shared/operation-index-format.js';
import { parseForcedAuth, selectCredentials, type SelectionInput } from '../../../../sdk/shared/security-selection.js';

const schemeTypes = { bearer: 'http', key: 'apiKey', oauth: 'oauth2', tls: 'mutualTLS' };

function input(security: SecurityRequirement[] | undefined, more: Partial<SelectionInput> = {}): SelectionInput {
  return {
    api: 'shop',
    profile: 'default',
    operation: { name: 'list-items', ...(security ? { security } : {}), schemeTypes },
    hasProfileAuth: false,
    credentials: {},
    clientCertificate: false,
    ...more,
  };
}

const cases: { name: string; security: SecurityRequirement[] | undefined; more?: Partial<SelectionInput>; selection: unknown }[] = [
  { name: 'no requirements: the profile auth, as on any request', security: undefined, more: { hasProfileAuth: true }, selection: { kind: 'profile' } },
  { name: 'no operation: the profile auth', security: undefined, more: { operation: undefined as never }, selection: { kind: 'profile' } },
  { name: 'public ([]): nothing, not even the profile auth', security: [], more: { hasProfileAuth: true, credentials: { bearer: undefined } }, selection: { kind: 'none' } },
  { name: 'single requirement: the profile auth is enough', security: [{ bearer: [] }], more: { hasProfileAuth: true }, selection: { kind: 'profile' } },
  { name: 'single requirement, nothing bound, a credential given by hand: left to it', security: [{ bearer: [] }], more: { supplied: true }, selection: { kind: 'none' } },
  { name: 'alternatives, nothing bound, a credential given by hand: left to it', security: [{ oauth: [] }, { key: [] }], more: { supplied: true }, selection: { kind: 'none' } },
  {
    name: 'a binding is used even when a credential is also given by hand',
    security: [{ oauth: [] }, { key: [] }],
    more: { supplied: true, credentials: { key: undefined } },
    selection: { kind: 'credentials', ids: ['key'] },
  },
  {
    name: 'single requirement: its binding wins over the profile auth',
    security: [{ bearer: [] }],
    more: { hasProfileAuth: true, credentials: { bearer: undefined } },
    selection: { kind: 'credentials', ids: ['bearer'] },
  },
  {
    name: 'alternatives: the first one whose bindings exist',
    security: [{ oauth: ['read'] }, { key: [] }],
    more: { hasProfileAuth: true, credentials: { key: undefined } },
    selection: { kind: 'credentials', ids: ['key'] },
  },
  {
    name: 'alternatives: document order when several are bound',
    security: [{ oauth: [] }, { key: [] }],
    more: { credentials: { key: undefined, oauth: undefined } },
    selection: { kind: 'credentials', ids: ['oauth'] },
  },
  {
    name: 'AND: every scheme of the requirement',
    security: [{ key: [], bearer: [] }],
    more: { credentials: { bearer: undefined, key: undefined } },
    selection: { kind: 'credentials', ids: ['key', 'bearer'] },
  },
  { name: 'optional {}: the configured credential', security: [{}, { bearer: [] }], more: { credentials: { bearer: undefined } }, selection: { kind: 'credentials', ids: ['bearer'] } },
  { name: 'optional {}: the profile auth when configured', security: [{}, { bearer: [] }], more: { hasProfileAuth: true }, selection: { kind: 'profile' } },
  { name: 'optional {}: anonymous without credentials', security: [{}, { bearer: [] }], selection: { kind: 'none' } },
  { name: 'optional {} among alternatives: anonymous when none is bound', security: [{ oauth: [] }, {}, { key: [] }], selection: { kind: 'none' } },
  {
    name: 'scopes: a binding whose satisfies holds them',
    security: [{ oauth: ['read', 'write'] }, { key: [] }],
    more: { credentials: { oauth: ['read', 'write', 'admin'], key: undefined } },
    selection: { kind: 'credentials', ids: ['oauth'] },
  },
  {
    name: 'scopes: a binding whose satisfies lacks one is passed over',
    security: [{ oauth: ['admin'] }, { key: [] }],
    more: { credentials: { oauth: ['read'], key: undefined } },
    selection: { kind: 'credentials', ids: ['key'] },
  },
  { name: 'mutualTLS alone: met by a client certificate', security: [{ tls: [] }], more: { clientCertificate: true, hasProfileAuth: true }, selection: { kind: 'none' } },
  {
    name: 'mutualTLS with a credential: both',
    security: [{ tls: [], key: [] }],
    more: { clientCertificate: true, credentials: { key: undefined } },
    selection: { kind: 'credentials', ids: ['key'] },
  },
  { name: '--okapi-auth A: one allowed alternative', security: [{ oauth: [] }, { key: [] }], more: { forced: ['key'], credentials: { key: undefined, oauth: undefined } }, selection: { kind: 'credentials', ids: ['key'] } },
  {
    name: '--okapi-auth A+B: a combined requirement, in any order',
    security: [{ key: [], bearer: [] }, { oauth: [] }],
    more: { forced: ['bearer', 'key'], credentials: { key: undefined, bearer: undefined, oauth: undefined } },
    selection: { kind: 'credentials', ids: ['bearer', 'key'] },
  },
];

describe('selectCredentials', () => {
  it.each(cases)('$name', ({ security, more, selection }) => {
    const result = selectCredentials(input(security, more));
    expect(result.selection).toEqual(selection);
    expect(result.warning).toBeUndefined();
  });

  it('forces a credential outside the requirements with a warning naming them', () => {
    const result = selectCredentials(input([{ bearer: [] }], { forced: ['key'], credentials: { key: undefined } }));
    expect(result.selection).toEqual({ kind: 'credentials', ids: ['key'] });
    expect(result.warning).toMatch(/--okapi-auth key is not among the security requirements of operation list-items \(bearer\)/);
  });

  it('forces a credential on a public operation with a warning', () => {
    const result = selectCredentials(input([], { forced: ['key'], credentials: { key: undefined } }));
    expect(result.selection).toEqual({ kind: 'credentials', ids: ['key'] });
    expect(result.warning).toMatch(/public/);
  });

  it('refuses an unknown --okapi-auth id, listing the configured ones (exit 2)', () => {
    try {
      selectCredentials(input([{ bearer: [] }], { forced: ['bearer', 'nope'], credentials: { bearer: undefined, key: undefined } }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toContain('"nope"');
      expect((error as UsageError).hint).toBe('its credentials: bearer, key');
      expect((error as UsageError).exitCode).toBe(2);
    }
  });

  it('fails for a missing binding, naming the scheme and the api auth add to run', () => {
    try {
      selectCredentials(input([{ bearer: [] }]));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OkapiError);
      expect((error as OkapiError).message).toMatch(/operation list-items of API shop needs bearer, and profile default has no credentials that meet it; nothing was sent/);
      expect((error as OkapiError).hint).toBe('okapi api auth add shop bearer');
      expect((error as OkapiError).exitCode).toBe(1);
    }
  });

  it('fails for alternatives none of which is bound, even with a profile auth', () => {
    expect(() => selectCredentials(input([{ oauth: ['read'] }, { key: [] }], { hasProfileAuth: true }))).toThrow(/needs one of: oauth \[read\]; key/);
    // The hint says why the profile auth that served other operations does not serve this one.
    expect(() => selectCredentials(input([{ oauth: ['read'] }, { key: [] }], { hasProfileAuth: true }))).toThrow(
      expect.objectContaining({ hint: expect.stringContaining("the profile's own auth serves only operations with a single requirement") }),
    );
  });

  it('fails for an AND requirement with one binding missing', () => {
    expect(() => selectCredentials(input([{ key: [], bearer: [] }], { credentials: { key: undefined } }))).toThrow(/needs key\+bearer/);
  });

  it('says when a binding lacks a scope in its satisfies', () => {
    try {
      selectCredentials(input([{ oauth: ['admin'] }], { credentials: { oauth: ['read'] } }));
      expect.unreachable();
    } catch (error) {
      expect((error as OkapiError).hint).toMatch(/credential oauth does not list every scope asked \(admin\) in its satisfies/);
    }
  });

  it('fails for a mutualTLS requirement without a client certificate, whatever the bindings', () => {
    expect(() => selectCredentials(input([{ tls: [] }], { hasProfileAuth: true, credentials: { tls: undefined } }))).toThrow(/needs mutual TLS \(security scheme tls\)/);
    expect(() => selectCredentials(input([{ tls: [], key: [] }], { credentials: { key: undefined } }))).toThrow(/mutual TLS/);
    expect(() => selectCredentials(input([{ tls: [] }], { supplied: true }))).toThrow(/mutual TLS/);
  });

  it('says what an alternative of mutual TLS lacks', () => {
    try {
      selectCredentials(input([{ tls: [] }, { oauth: [] }]));
      expect.unreachable();
    } catch (error) {
      expect((error as OkapiError).message).toMatch(/needs one of: tls \(mutual TLS\); oauth/);
      expect((error as OkapiError).hint).toMatch(/^its mutual TLS needs --okapi-client-cert/);
    }
    expect(selectCredentials(input([{ tls: [] }, { oauth: [] }], { clientCertificate: true })).selection).toEqual({ kind: 'none' });
  });

  it('reads --okapi-auth as ids joined by +', () => {
    expect(parseForcedAuth('a+b')).toEqual(['a', 'b']);
    expect(parseForcedAuth('key')).toEqual(['key']);
    expect(() => parseForcedAuth('a+')).toThrow(UsageError);
  });
});
