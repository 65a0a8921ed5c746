import { describe, expect, it } from 'vitest';
import { highlightJson, JSON_COLORS } from '../../../plugins-builtin/auto/highlight-json.js';
import { binary, empties, mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, formatRecords } from './run-formatter.js';

const { key: K, string: S, number: N, literal: L, reset: R } = JSON_COLORS;
const ESC = '\x1b';

/** Drops SGR colour sequences. */
function plain(coloured: string): string {
  return coloured.replace(/\x1b\[[0-9;]*m/g, '');
}

describe('auto formatter: structured bodies, no colour', () => {
  it('nested object as indented JSON', async () => {
    expect(await formatDocument('auto', nested)).toBe(
      text(
        '{',
        '  "id": 7,',
        '  "name": "okapi",',
        '  "owner": {',
        '    "login": "ada",',
        '    "roles": [',
        '      "admin",',
        '      "dev"',
        '    ],',
        '    "active": true',
        '  },',
        '  "score": 4.5,',
        '  "note": null',
        '}',
      ),
    );
  });

  it('array of uniform objects', async () => {
    expect(await formatDocument('auto', uniform)).toBe(
      text('[', '  {', '    "id": 1,', '    "name": "one",', '    "done": false', '  },', '  {', '    "id": 2,', '    "name": "two",', '    "done": true', '  }', ']'),
    );
  });

  it('array of non-uniform values', async () => {
    expect(await formatDocument('auto', mixed)).toBe(
      text('[', '  {', '    "id": 1', '  },', '  {', '    "name": "two",', '    "tags": [', '      "x",', '      "y"', '    ]', '  },', '  3,', '  "four",', '  null', ']'),
    );
  });

  it('Unicode stays literal', async () => {
    expect(await formatDocument('auto', unicode)).toBe(
      text('{', '  "greeting": "héllo wörld",', '  "emoji": "🦘🎉",', '  "cjk": "漢字とかな",', '  "clé ✓": "ok"', '}'),
    );
  });

  it('bytes inside a structure as base64', async () => {
    expect(await formatDocument('auto', { file: binary })).toBe(text('{', '  "file": "AAEC/f7/"', '}'));
  });

  it('scalars as JSON', async () => {
    expect(await formatDocument('auto', 42)).toBe(text('42'));
    expect(await formatDocument('auto', false)).toBe(text('false'));
  });

  it('empty values: null and "" print nothing; [] and {} print themselves', async () => {
    expect(await formatDocument('auto', null)).toBe('');
    await expect(formatDocument('auto', undefined)).rejects.toThrow("cannot show the value at .: it is CBOR's undefined");
    expect(await formatDocument('auto', '')).toBe('');
    expect(await formatDocument('auto', [])).toBe(text('[]'));
    expect(await formatDocument('auto', {})).toBe(text('{}'));
  });

  it('no colour codes at all when colour is off', async () => {
    for (const value of [nested, uniform, mixed, unicode, binary, ...empties, 'text']) {
      expect(await formatDocument('auto', value, { color: false, tty: true })).not.toContain(ESC);
    }
  });
});

describe('auto formatter: text bodies', () => {
  it('prints text as it came, adding a final newline only when missing', async () => {
    expect(await formatDocument('auto', 'hello')).toBe(text('hello'));
    expect(await formatDocument('auto', 'hello\n')).toBe(text('hello'));
    expect(await formatDocument('auto', 'a\n\n')).toBe('a\n\n');
  });

  it('HTML and Markdown stay readable, never JSON-quoted or coloured', async () => {
    const html = '<!doctype html>\n<p class="x">Hi &amp; 🦘</p>';
    expect(await formatDocument('auto', html, { color: true })).toBe(`${html}\n`);
    const md = '# Title\n\n- item "one"\n- 漢字\n';
    expect(await formatDocument('auto', md, { color: true })).toBe(md);
  });
});

describe('auto formatter: binary bodies', () => {
  it('a notice instead of bytes on a terminal', async () => {
    expect(await formatDocument('auto', new Uint8Array(256), { tty: true })).toBe(
      text('(binary body, 256 bytes: not shown on a terminal; redirect to a file or use -o raw)'),
    );
    expect(await formatDocument('auto', new Uint8Array(1), { tty: true })).toBe(
      text('(binary body, 1 byte: not shown on a terminal; redirect to a file or use -o raw)'),
    );
  });

  it('the notice off a terminal, and dimmed with colour', async () => {
    expect(await formatDocument('auto', binary)).toBe(text('(binary body, 6 bytes: not shown; use -o raw for the bytes)'));
    expect(await formatDocument('auto', binary, { tty: true, color: true })).toBe(
      `${ESC}[2m(binary body, 6 bytes: not shown on a terminal; redirect to a file or use -o raw)${ESC}[0m\n`,
    );
  });

  it('empty bytes print nothing', async () => {
    expect(await formatDocument('auto', new Uint8Array(0), { tty: true })).toBe('');
  });
});

describe('auto formatter: colour', () => {
  it('keys, strings, numbers and literals in their colours', async () => {
    expect(await formatDocument('auto', { id: -7, name: 'okapi', ok: true, none: null, f: 1.5e-9, no: false }, { color: true })).toBe(
      text(
        '{',
        `  ${K}"id"${R}: ${N}-7${R},`,
        `  ${K}"name"${R}: ${S}"okapi"${R},`,
        `  ${K}"ok"${R}: ${L}true${R},`,
        `  ${K}"none"${R}: ${L}null${R},`,
        `  ${K}"f"${R}: ${N}1.5e-9${R},`,
        `  ${K}"no"${R}: ${L}false${R}`,
        '}',
      ),
    );
  });

  it('the four colours are distinct', () => {
    expect(new Set([K, S, N, L]).size).toBe(4);
  });

  it('array elements and scalars', async () => {
    expect(await formatDocument('auto', ['a', 1, null], { color: true })).toBe(text('[', `  ${S}"a"${R},`, `  ${N}1${R},`, `  ${L}null${R}`, ']'));
    expect(await formatDocument('auto', 3, { color: true })).toBe(text(`${N}3${R}`));
  });

  it.each([
    ['nested', nested],
    ['uniform', uniform],
    ['mixed', mixed],
    ['unicode', unicode],
    ['empties', { a: [], o: {}, s: '' }],
  ])('%s: removing the colour gives the plain output back', async (_name, value) => {
    const coloured = await formatDocument('auto', value, { color: true });
    expect(coloured).toContain(ESC);
    expect(plain(coloured)).toBe(await formatDocument('auto', value));
  });

  it('records are rendered one after another', async () => {
    expect(await formatRecords('auto', [{ a: 1 }, 'event text', binary, null, []], { tty: true })).toBe(
      text('{', '  "a": 1', '}', 'event text', '(binary item, 6 bytes: not shown on a terminal; redirect to a file or use -o raw)', '[]'),
    );
  });
});

describe('highlightJson', () => {
  it('tells keys from string values, whatever the strings hold', () => {
    const value = { 'k:"\\': 'v": 1, "x": true', 'e\\': '\\', q: '"', n: 'null true 12' };
    const json = JSON.stringify(value, null, 2);
    expect(highlightJson(json)).toBe(
      [
        '{',
        `  ${K}"k:\\"\\\\"${R}: ${S}"v\\": 1, \\"x\\": true"${R},`,
        `  ${K}"e\\\\"${R}: ${S}"\\\\"${R},`,
        `  ${K}"q"${R}: ${S}"\\""${R},`,
        `  ${K}"n"${R}: ${S}"null true 12"${R}`,
        '}',
      ].join('\n'),
    );
  });

  it('handles compact JSON too', () => {
    expect(highlightJson('{"a":[1,"b"],"c":{}}')).toBe(`{${K}"a"${R}:[${N}1${R},${S}"b"${R}],${K}"c"${R}:{}}`);
  });

  // A quadratic scan would not finish within the test's time-out; the figure is in `npm run bench`.
  it('highlights huge strings of backslashes and quotes', () => {
    const nasty = { [`${'\\'.repeat(1000)}"`]: '\\"'.repeat(2_000_000), list: Array.from({ length: 200_000 }, (_, i) => i) };
    const json = JSON.stringify(nasty, null, 2);
    const out = highlightJson(json);
    expect(plain(out)).toBe(json);
  });
});
