/** A document server's path under base_url's path: shared segments are written once. */
import { describe, expect, it } from 'vitest';
import { mountPath } from '../../../../../plugins-builtin/operations/routing/mount-path.js';

describe('mountPath', () => {
  it.each([
    ['', '/v2', '/v2'],
    ['', '', ''],
    ['/v2', '/v2', '/v2'],
    ['/v2', '/v2/', '/v2'],
    ['/gw/v2', '/v2', '/gw/v2'],
    ['/api', '/api/v2', '/api/v2'],
    ['/gw/api', '/api/v2', '/gw/api/v2'],
    ['/gw', '/v2', '/gw/v2'],
    ['/api', '', '/api'],
    // Segments, not characters: /v2 is not the end of /v20, case and escapes count.
    ['/v20', '/v2', '/v20/v2'],
    ['/V2', '/v2', '/V2/v2'],
    ['/a%2Fb', '/a/b', '/a%2Fb/a/b'],
  ])('base %j + server %j → %j', (base, server, prefix) => expect(mountPath(base, server)).toBe(prefix));
});
