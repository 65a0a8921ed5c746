/**
 * The built okapi against a server that breaks HTTP on purpose (hostile-server.ts), with secrets
 * given every way a user gives them: an Authorization header (-H), user information in the URL, a
 * key in the query, and a profile's header and query. Every run ends, exits with one of okapi's
 * codes and a human message, and no secret shows anywhere, -v included.
 *
 * The normal suite runs each fault once, the secret's place, -v and the output format rotating
 * from fault to fault; `npm run fuzz` runs every fault with every combination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullRounds, tally } from './harness.js';
import { FAULTS, startHostileServer, type HostileServer } from './hostile-server.js';
import { runCase, type OkapiCase } from './okapi-case.js';

const SECRETS = {
  header: 'hdr7Secret4Qw9Zx2Lp5',
  password: 'pwd7Secret4Qw9Zx2Lp5',
  query: 'qry7Secret4Qw9Zx2Lp5',
  profileHeader: 'prh7Secret4Qw9Zx2Lp5',
  profileQuery: 'prq7Secret4Qw9Zx2Lp5',
};
/** What okapi sends for the URL's user information: the password in Basic credentials. */
const BASIC = Buffer.from(`okapi:${SECRETS.password}`).toString('base64');
const ALL_SECRETS = [...Object.values(SECRETS), BASIC];

const PLACES = ['header', 'userinfo', 'query', 'profile'] as const;
type Place = (typeof PLACES)[number];
const OUTPUTS = ['auto', 'json', 'gron', 'yaml'];

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server?.close());

function hostileCase(fault: string, place: Place, verbose: boolean, output: string): OkapiCase {
  const path = `/fault/${fault}`;
  const url = new URL(server.url);
  const target = {
    header: [`${server.url}${path}`, '-H', `Authorization: Bearer ${SECRETS.header}`],
    userinfo: [`http://okapi:${SECRETS.password}@${url.host}${path}`],
    query: [`${server.url}${path}?access_token=${SECRETS.query}&page=2`],
    profile: [`hostile${path}`],
  }[place];
  return {
    args: [...target, '-t', '3s', '-o', output, ...(verbose ? ['-v'] : [])],
    secrets: ALL_SECRETS,
    config: { apis: { hostile: { base_url: server.url, profiles: { default: { headers: [`Authorization: Bearer ${SECRETS.profileHeader}`], query: [`api_key=${SECRETS.profileQuery}`] } } } } },
  };
}

/** The cases to run: each fault once with rotating options, or under `npm run fuzz` every combination. */
function cases(): [string, Place, boolean, string][] {
  const faults = Object.keys(FAULTS);
  if (fullRounds() === 0) return faults.map((fault, i) => [fault, PLACES[i % PLACES.length]!, i % 2 === 0, OUTPUTS[Math.floor(i / 2) % OUTPUTS.length]!]);
  const all: [string, Place, boolean, string][] = [];
  for (let round = 0; round < fullRounds(); round++) {
    faults.forEach((fault, i) => PLACES.forEach((place, j) => [true, false].forEach((verbose) => all.push([fault, place, verbose, OUTPUTS[(i + j + round) % OUTPUTS.length]!]))));
  }
  return all;
}

describe('okapi against a hostile HTTP server', () => {
  const counts = tally('hostile HTTP server (process)');

  it.concurrent.each(cases())('%s, secret in the %s, -v %s, -o %s', async (fault, place, verbose, output) => {
    const verdict = await runCase(counts, hostileCase(fault, place, verbose, output));
    const shown = `exit ${verdict.result.code}\n--- stderr\n${verdict.result.stderr.slice(0, 3000)}`;
    expect(verdict.hang, shown).toBe(false);
    expect(verdict.crash, shown).toBeUndefined();
    expect(verdict.leaks, shown).toEqual([]);
  });

  // Found by this suite: these ended with exit 0 and nothing, or the body, shown as a success.
  it.concurrent.each([
    ['switching-protocols-unasked', /sent a response that is not valid HTTP \(it switched protocols \(101\) though okapi asked for no upgrade\)/],
    ['status-999', /sent a response that is not valid HTTP \(999 is not an HTTP status \(100 to 599\)\)/],
    ['status-000', /sent a response that is not valid HTTP \(0 is not an HTTP status \(100 to 599\)\)/],
    // Rendered as if the body were not encoded, a guess.
    ['unknown-encoding', /the response body is encoded as x-okapi-unknown \(Content-Encoding\), which okapi cannot decode, so it cannot be read as application\/json/],
    // Followed the first, a guess.
    ['redirect-location-twice', /answered 302 with 2 different Location headers, so okapi cannot tell which one to follow/],
  ] as const)('%s is an error, not a success', async (fault, message) => {
    const verdict = await runCase(counts, hostileCase(fault, 'header', false, 'json'));
    expect(verdict.result.code).toBe(1);
    // Nothing shown as a rendering: at most the bytes as received, which the error says.
    expect(verdict.result.stdout).toMatch(/^(|\{\})$/);
    expect(verdict.result.stderr).toMatch(message);
  });

  // Found by the full matrix: -v showed the key in a Location the server built from the request URL.
  it.concurrent.each([
    ['redirect-loop-echoing-the-url', 'query'],
    ['redirect-loop-echoing-the-url', 'profile'],
    ['url-headers-echoing-the-url', 'query'],
    ['url-headers-echoing-the-url', 'profile'],
  ] as const)('-v masks the key in the URLs a server sends back: %s, secret in the %s', async (fault, place) => {
    const verdict = await runCase(counts, hostileCase(fault, place, true, 'json'));
    expect(verdict.result.stderr).toMatch(/^(location|content-location|link): .*=\*\*\*/m);
    expect(verdict.leaks).toEqual([]);
  });
});
