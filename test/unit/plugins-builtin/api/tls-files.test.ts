/** What api connect saves of the TLS flags, and what it refuses. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTlsFiles, describeTlsFiles, withTlsFiles } from '../../../../plugins-builtin/api/tls-files.js';
import { tempDir } from '../../../helpers/temp-dir.js';

describe('withTlsFiles', () => {
  it('adds the files to the named profile, keeping its other fields and the other profiles', () => {
    const entry = { base_url: 'https://x.test', profiles: { default: { headers: ['X-A: 1'] }, prod: { base_url: 'https://p.test' } } };
    expect(withTlsFiles(entry, 'default', { ca_cert: '/ca.pem', client_cert: '/c.pem', client_key: '/k.pem' })).toEqual({
      base_url: 'https://x.test',
      profiles: { default: { headers: ['X-A: 1'], ca_cert: '/ca.pem', client_cert: '/c.pem', client_key: '/k.pem' }, prod: { base_url: 'https://p.test' } },
    });
  });

  it('makes the profile when the entry lacks it', () => {
    expect(withTlsFiles({ profiles: { prod: {} } }, 'default', { ca_cert: '/ca.pem' }).profiles).toEqual({ prod: {}, default: { ca_cert: '/ca.pem' } });
  });

  it('replaces both client fields when either flag is given, and leaves them alone for --okapi-ca-cert alone', () => {
    const entry = { profiles: { default: { client_cert: '/old-c.pem', client_key: '/old-k.pem' } } };
    expect(withTlsFiles(entry, 'default', { client_cert: '/both.pem' }).profiles?.default).toEqual({ client_cert: '/both.pem' });
    expect(withTlsFiles(entry, 'default', { ca_cert: '/ca.pem' }).profiles?.default).toEqual({ client_cert: '/old-c.pem', client_key: '/old-k.pem', ca_cert: '/ca.pem' });
  });
});

describe('checkTlsFiles', () => {
  it('accepts readable files and refuses a missing file, a directory or a key without its certificate as a usage error naming the flag', () => {
    const dir = tempDir();
    const file = join(dir, 'ca.pem');
    writeFileSync(file, 'pem');
    expect(() => checkTlsFiles({ ca_cert: file })).not.toThrow();
    expect(() => checkTlsFiles({ client_cert: file, client_key: join(dir, 'missing.pem') })).toThrow(`cannot read the file given to --okapi-client-key, ${join(dir, 'missing.pem')}: no such file or directory (ENOENT)`);
    expect(() => checkTlsFiles({ client_cert: dir })).toThrow(/--okapi-client-cert.*it is a directory \(EISDIR\)/);
    expect(() => checkTlsFiles({ client_key: file })).toThrow(`--okapi-client-key ${file} was given without --okapi-client-cert`);
    let refused: unknown;
    try {
      checkTlsFiles({ ca_cert: dir });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ name: 'UsageError', exitCode: 2 });
  });
});

describe('describeTlsFiles', () => {
  it('lists what was saved in field order', () => {
    expect(describeTlsFiles({ client_key: '/k.pem', ca_cert: '/ca.pem' })).toBe('ca_cert /ca.pem, client_key /k.pem');
  });
});
