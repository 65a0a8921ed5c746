/**
 * `-s` has one rule (sdk/shared/server-override.ts `parseServer`) where argv is read and where the
 * request is planned: the values below are those on which the two used to disagree.
 */
import { describe, expect, it } from 'vitest';
import { scanArgv } from '../../../kernel/cli/argv.js';
import { UsageError } from '../../../sdk/shared/errors.js';
import { applyServerOverride } from '../../../sdk/shared/server-override.js';
import { normalizeTargetUrl } from '../../../sdk/shared/target-url.js';

function scanRefusal(argv: string[]): string {
  try {
    scanArgv(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('-s', () => {
  it.each([
    // These parse as URLs, but not as the server a user would mean: a mistyped scheme, another
    // scheme, a stray space.
    'https:/staging.example.com',
    'ftp://staging.example.com/',
    'file:///etc/hosts',
    ' https://staging.example.com',
    // These start like a server URL but are none.
    'https://staging.example.com:99999',
    'https://stag ing.example.com',
    'https://:8443',
    'https://',
  ])('refuses %j when argv is read and when the request is planned, in the same words', (value) => {
    const message = `"${value}" is not a server URL such as https://staging.example.com`;
    expect(scanRefusal(['get', '/x', '-s', value])).toBe(`-s ${message}`);
    expect(scanRefusal(['get', '/x', `--okapi-server=${value}`])).toBe(`--okapi-server ${message}`);
    expect(() => normalizeTargetUrl('/x', value)).toThrow(`-s ${message}`);
    expect(() => applyServerOverride(new URL('https://api.example.com/x'), value)).toThrow(`-s ${message}`);
  });

  it('takes an http or https URL with a host, in any case, with a port and a path', () => {
    const typed = 'HTTPS://Staging.example.com:8443/v2';
    expect(scanArgv(['get', '/x', '-s', typed]).flags.get('okapi-server')).toBe(typed);
    const server = 'http://[::1]:8080/v2/';
    expect(applyServerOverride(normalizeTargetUrl('/x?a=1', server), server).href).toBe('http://[::1]:8080/v2/x?a=1');
  });

  it.each([
    ['https://me:hunter2@staging.example.com', 'a user name or password', 'Authorization'],
    ['https://staging.example.com/v2?key=1', 'a query', '-q name=value'],
    ['https://staging.example.com/v2?', 'a query', '-q name=value'],
    ['https://staging.example.com/v2#top', 'a fragment', '"#"'],
    ['https://staging.example.com/#access_token=hunter2', 'a fragment', '"#"'],
  ])('refuses %j, whose %s it would not send, rather than dropping it', (value, what, hint) => {
    for (const refusal of [() => scanArgv(['get', '/x', '-s', value]), () => applyServerOverride(new URL('https://api.example.com/x'), value)]) {
      expect(refusal).toThrow(UsageError);
      try {
        refusal();
      } catch (error) {
        expect((error as UsageError).message).toContain(`has ${what}, which a server URL does not send`);
        expect((error as UsageError).message).not.toContain('hunter2');
        expect((error as UsageError).hint).toContain(hint);
      }
    }
  });

  it('keeps a password out of its refusal', () => {
    expect(scanRefusal(['get', '/x', '-s', 'https://me:hunter2@staging.example.com:99999'])).not.toContain('hunter2');
  });
});
