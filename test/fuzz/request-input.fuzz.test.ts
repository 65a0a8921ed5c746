/**
 * What a user types before any request leaves: the target URL, `-H` entries, durations (`-t`,
 * hook_timeouts) and the config file. Each is read or refused with a UsageError/OkapiError, and
 * an error never shows a secret typed in a credential's place.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../kernel/config/document.js';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import { parseHeaderEntry } from '../../kernel/pipeline/request-fields.js';
import { normalizeTargetUrl } from '../../sdk/shared/target-url.js';
import { parseDuration } from '../../kernel/plugins/duration.js';
import { fuzz, tally } from './harness.js';
import { mutatedText } from './mutate.js';

/** Shaped like an API key, so it is masked wherever it stands. */
const SECRET = 'sk9live4Zq8Xw2Lm7Np3';

function expectNoSecret(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (error instanceof OkapiError) {
      expect(error.message).not.toContain(SECRET);
      expect(error.hint ?? '').not.toContain(SECRET);
    }
    throw error;
  }
}

describe('the target URL', () => {
  const counts = tally('target URL normaliser');
  const URL_PIECES = ['http://', 'https://', 'ftp://', ':', ':8080', '//', '/', '?', '#', '@', '%', '%2', '[', ']', '::1', 'localhost', '127.0.0.1', 'example.com', 'a', '.', '..', ' ', '\t', '\\', 'ü', 'xn--', '%00', `user:${SECRET}@`, `token=${SECRET}`, '&', '='];
  const typed = fc.oneof(
    fc.array(fc.constantFrom(...URL_PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
    mutatedText(fc.constantFrom(`https://me:${SECRET}@api.example.com/x?token=${SECRET}`, `:8080/items?api_key=${SECRET}`, 'example.com/a b', '/relative/path', `http://[::1]:9/x?access_token=${SECRET}#f`), 3),
  );
  const server = fc.option(fc.constantFrom('https://staging.example.com/v2', 'http://127.0.0.1:1', 'not a url', ''), { nil: undefined });

  it('is an http(s) URL or a UsageError that shows no secret', () => {
    fuzz(
      counts,
      fc.tuple(typed, server),
      [UsageError],
      ([text, base]) => {
        const url = normalizeTargetUrl(text, base);
        expect(['http:', 'https:']).toContain(url.protocol);
      },
      800,
    );
  });

  // A secret counts as typed in a credential's place while `:secret@` or `?…token=secret` still says so, everywhere it stands.
  const CREDENTIAL_PLACE = new RegExp(`:${SECRET}@|[?&][\\w-]*(?:token|key)=${SECRET}`, 'g');
  it('never shows a secret typed as user information or a credential query value in its errors', () => {
    fuzz(
      counts,
      fc.tuple(typed, server).filter(([text]) => text.includes(SECRET) && text.split(SECRET).length - 1 === (text.match(CREDENTIAL_PLACE) ?? []).length),
      [UsageError],
      ([text, base]) => void expectNoSecret(() => normalizeTargetUrl(text, base)),
      400,
    );
  });
});

describe('-H entries', () => {
  const counts = tally('header entries (-H)');
  const name = fc.constantFrom('Authorization', 'X-Api-Key', 'Cookie', 'Proxy-Authorization', 'X-Auth-Token', 'api_key', 'Session-Id');
  const separator = fc.constantFrom(': ', ':', ' ', '  ', '=', ' : ', '', ';', '\t', ':\n');
  const entry = fc.tuple(fc.constantFrom('', ' ', '\n'), name, separator, fc.constantFrom('', 'Bearer ', 'Basic '), fc.constantFrom(SECRET, `${SECRET} trailing`)).map((parts) => parts.join(''));

  it('is a name and a value, or a UsageError that masks the credential', () => {
    fuzz(
      counts,
      fc.oneof(entry, mutatedText(entry, 2)),
      [UsageError],
      (text) =>
        void expectNoSecret(() => {
          const [headerName] = parseHeaderEntry(text, '-H');
          expect(headerName).not.toMatch(/[\s:]/);
        }),
      600,
    );
  });
});

describe('durations', () => {
  const counts = tally('durations');
  const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const part = fc.tuple(fc.oneof(fc.nat(100_000).map(String), fc.tuple(fc.nat(999), fc.nat(999)).map(([a, b]) => `${a}.${b}`)), fc.constantFrom('ms', 's', 'm', 'h'));
  const valid = fc.array(part, { minLength: 1, maxLength: 4 });
  const DURATION_PIECES = ['1', '0', '9', '.', 'ms', 's', 'm', 'h', 'us', 'd', '-', '+', ' ', 'e', 'Infinity', 'NaN', '1e309', '9'.repeat(40)];

  it('reads valid durations as their sum in milliseconds', () => {
    fuzz(
      counts,
      valid,
      [],
      (parts) => {
        const expected = parts.reduce((sum, [amount, unit]) => sum + Number(amount) * UNIT_MS[unit]!, 0);
        expect(parseDuration(parts.map(([amount, unit]) => `${amount}${unit}`).join(''))).toBe(expected);
      },
      300,
    );
  });

  it('gives undefined or a number that is not NaN for anything else', () => {
    fuzz(
      counts,
      fc.oneof(fc.array(fc.constantFrom(...DURATION_PIECES), { maxLength: 10 }).map((p) => p.join('')), fc.string({ maxLength: 12 })),
      [],
      (text) => {
        const ms = parseDuration(text);
        if (ms === undefined) return;
        expect(Number.isNaN(ms)).toBe(false);
        expect(ms).toBeGreaterThanOrEqual(0);
      },
      600,
    );
  });
});

describe('the config file', () => {
  const counts = tally('config document reader');
  const valid = fc.constantFrom(
    '{}',
    '// my config\n{\n  "apis": {\n    "pets": { "base_url": "https://pets.example.com", "profiles": { "default": { "headers": ["X-A: 1"], "query": ["q=1"] } } },\n  },\n}',
    '{"plugins": {"example": {"enabled": false}}, "apis": {}}',
    '\ufeff{ /* block */ "apis": { "x": { "base_url": "http://127.0.0.1:1", "operation_base": "/api" } } }',
    `{"apis": {"s": {"base_url": "https://s.example.com", "profiles": {"default": {"auth": {"type": "vault", "params": {"token": "${SECRET}"}}}}}}}`,
    '',
  );

  it('is a config or an OkapiError naming where the file is broken', () => {
    fuzz(counts, fc.oneof(mutatedText(valid, 4), fc.string({ maxLength: 30 })), [OkapiError], (text) => void parseConfigText(text, '/home/me/.config/okapi/config.json'), 800);
  });
});
