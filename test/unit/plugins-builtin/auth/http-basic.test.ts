import { describe, expect, it } from 'vitest';
import basic from '../../../../plugins-builtin/http-basic/index.js';
import { authFailure, authenticateWith } from './fixtures.js';

const decoded = (update: Awaited<ReturnType<typeof authenticateWith>>) =>
  Buffer.from(String(update.headers!.Authorization).replace(/^Basic /, ''), 'base64').toString('utf8');

describe('the http-basic auth type', () => {
  it('sends base64(username:password) as Authorization: Basic', async () => {
    const update = await authenticateWith(basic, { username: 'okapi', password: 's3cret' });
    expect(update).toEqual({ headers: { Authorization: 'Basic b2thcGk6czNjcmV0' } });
  });

  it('encodes the pair as UTF-8, and a password may hold colons', async () => {
    const update = await authenticateWith(basic, { username: 'zoë', password: 'pä:ss' });
    expect(decoded(update)).toBe('zoë:pä:ss');
    expect(String(update.headers!.Authorization)).toBe(`Basic ${Buffer.from('zoë:pä:ss', 'utf8').toString('base64')}`);
  });

  it('names a missing param with the command that sets it, never the other value', async () => {
    const missing = await authFailure(basic, { username: 'okapi' });
    expect(missing.message).toBe('the http-basic auth of API shop (profile staging) needs the param "password", which is not set');
    expect(missing.hint).toBe("okapi api set shop 'profiles.staging.auth.params.password: env:MY_PASSWORD'");
    expect((await authFailure(basic, { password: 'hunter2' })).message).toContain('needs the param "username"');
  });

  it('refuses a username with a colon, which the server would split at', async () => {
    const error = await authFailure(basic, { username: 'a:b', password: 'hunter2' });
    expect(error.message).toContain('has a username with a colon');
    expect(`${error.message}${error.hint}`).not.toContain('hunter2');
  });
});
