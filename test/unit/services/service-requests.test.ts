/** The shape checks of host service requests (kernel/plugins/service-requests.ts through protocol-check.ts). */
import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../../sdk/codec.js';
import { commandMessageProblem } from '../../../kernel/plugins/protocol-check.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';

const SECRET = 'never-quote-me';

describe('host service requests', () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['read-config', { id: 1 }, undefined],
    ['read-config', {}, 'sent a "read-config" request with the id nothing; a request needs a whole-number id for its answer'],
    ['patch-config', { id: 1, edits: [] }, undefined],
    ['patch-config', { id: 1, edits: {} }, 'sent a "patch-config" request whose edits is of the wrong type; it must be a list'],
    ['patch-config', { id: 1, edits: [], revision: 7 }, 'sent a "patch-config" request whose revision is of the wrong type; it must be a string'],
    ['get-api', { id: 2 }, 'sent a "get-api" request whose name is missing; it must be a string'],
    ['save-api', { id: 3, name: 'a', entry: {}, spec: 'text' }, 'sent a "save-api" request whose spec is of the wrong type; it must be bytes'],
    ['save-api', { id: 3, name: 'a', entry: new Uint8Array(2) }, 'sent a "save-api" request whose entry is of the wrong type; it must be a map'],
    ['set-token', { id: 4, scope: { api: 'a' }, key: 'k', value: [SECRET] }, 'sent a "set-token" request whose value is of the wrong type; it must be a string'],
    ['get-token', { id: 4, scope: 'a', key: 'k' }, 'sent a "get-token" request whose scope is of the wrong type; it must be a map'],
    ['read-commands', { id: 6, name: 'a', named: ['list-pets'] }, undefined],
    ['read-commands', { id: 6, name: 'a', named: ['list-pets', 7] }, 'sent a "read-commands" request whose named is of the wrong type; it must be a list of strings'],
    ['save-api', { id: 3, name: 'a', entry: {}, index: {}, details: [] }, 'sent a "save-api" request whose details is of the wrong type; it must be a map'],
    ['save-api', { id: 3, name: 'a', entry: new ExactNumber('1e400') }, 'sent a "save-api" request whose entry is of the wrong type; it must be a map'],
    ['get-token', { id: 4, scope: { api: 'a', profile: 'p', credential: 'c' }, key: 'k' }, undefined],
    ['get-token', { id: 4, scope: { profile: 'p' }, key: 'k' }, 'sent a "get-token" request whose scope.api is missing; it must be a string'],
    // A token scope names an API, a profile and a credential: a number there, however exact, is no name.
    [
      'delete-token',
      { id: 4, scope: { api: new ExactNumber('1234567890123456789') }, key: 'k' },
      'sent a "delete-token" request whose scope.api is of the wrong type; it must be a string',
    ],
    ['set-token', { id: 4, scope: { api: 'a', credential: 2n ** 70n }, key: 'k', value: SECRET }, 'sent a "set-token" request whose scope.credential is of the wrong type; it must be a string'],
    ['clear-tokens', { id: 4, scope: { auth_profile: 'shared' } }, undefined],
    ['clear-tokens', { id: 4, scope: { api: 'a', all_profiles: 'yes' } }, 'sent a "clear-tokens" request whose scope.all_profiles is of the wrong type; it must be true or false'],
    ['read-commands', { id: 6, name: 'a', summaries: 1 }, 'sent a "read-commands" request whose summaries is of the wrong type; it must be true or false'],
    ['read-operation', { id: 7, name: 'a', command: { name: 'list-pets', at: [0, 10] } }, undefined],
    ['read-operation', { id: 7, name: 'a', command: { at: [0, 10] } }, 'sent a "read-operation" request whose command.name is missing; it must be a string'],
    ['read-operation', { id: 7, name: 'a', command: 'list-pets' }, 'sent a "read-operation" request whose command is of the wrong type; it must be a map'],
    ['resolve-auth', { id: 8, api: 'a', operation: ['x'] }, 'sent a "resolve-auth" request whose operation is of the wrong type; it must be a string'],
    ['clear-responses', { id: 5 }, undefined],
    ['clear-responses', { id: 5, api: 1 }, 'sent a "clear-responses" request whose api is of the wrong type; it must be a string'],
  ])('%s %o', (type, fields, expected) => {
    expect(commandMessageProblem({ type, ...fields } as WireMessage)).toBe(expected);
  });

  it('lets through message types it does not know, as before', () => {
    expect(commandMessageProblem({ type: '__proto__', id: 1 } as WireMessage)).toBeUndefined();
  });
});
