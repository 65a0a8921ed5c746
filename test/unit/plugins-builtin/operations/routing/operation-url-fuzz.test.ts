/**
 * Property tests for rule 10 ("credentials are never sent to another host"): whatever servers,
 * variables and paths a document and a config hold, an operation's URL is on base_url's origin
 * unless the user allowed another origin, or the command fails with an OkapiError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OkapiError } from '../../../../../sdk/shared/errors.js';
import type { ServerInfo } from '../../../../../sdk/shared/operation-index-format.js';
import { operationUrl } from '../../../../../plugins-builtin/operations/routing/operation-url.js';

const BASE = 'https://api.example.com/v2';
const piece = (...options: string[]) => fc.oneof(fc.constantFrom(...options), fc.string({ maxLength: 6 }));
const serverUrl = fc
  .tuple(
    piece('https://', 'http://', '//', '', 'wss://', 'HTTPS://'),
    piece('api.example.com', 'evil.example.net', '{host}', 'api.example.com:443', 'api.example.com.evil.net', 'api.example.com@evil.net', '[::1]'),
    piece('/v1', '', '/', '/{v}', '../x', 'v2', '/a%2Fb', '/@evil.net', '//evil.net'),
  )
  .map((parts) => parts.join(''));
const variableValue = piece('evil.example.net', 'api.example.com', '/x', '@evil.net', '//evil.net/x', 'v9', '');
const server: fc.Arbitrary<ServerInfo> = fc.record({
  url: serverUrl,
  variables: fc.record({ host: fc.record({ default: variableValue }), v: fc.record({ default: variableValue, enum: fc.array(variableValue, { maxLength: 2 }) }) }),
});
const input = fc.record({
  documentServers: fc.array(server, { maxLength: 3 }),
  operationServers: fc.option(fc.array(server, { maxLength: 2 }), { nil: undefined }),
  variables: fc.option(fc.record({ host: variableValue }, { requiredKeys: [] }), { nil: undefined }),
  path: piece('/pets/42', '//evil.net/x', '@evil.net', '/a?b', ''),
  query: piece('', 'a=1', 'x=%2F'),
});

describe('operationUrl on anything', () => {
  it('stays on base_url’s origin, or fails with an OkapiError, when no other origin is allowed', () => {
    fc.assert(
      fc.property(input, ({ documentServers, operationServers, variables, path, query }) => {
        let result;
        try {
          result = operationUrl({
            entry: { base_url: BASE, ...(variables ? { server_variables: variables } : {}) },
            api: 'example',
            documentServers,
            operationServers,
            path,
            query,
          });
        } catch (error) {
          expect(error).toBeInstanceOf(OkapiError);
          return;
        }
        expect(new URL(result.url).origin).toBe('https://api.example.com');
        expect(result.crossOrigin).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
