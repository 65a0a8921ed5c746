import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../../kernel/config/document.js';
import { editConfigText } from '../../../kernel/config/edit.js';

/** Edits `text` so it holds what `change` makes of its document. */
function edit(text: string, change: (config: Record<string, any>) => void): string {
  const before = parseConfigText(text, 'test.json');
  const after = structuredClone(before) as Record<string, any>;
  change(after);
  const result = editConfigText(text, before, after);
  expect(parseConfigText(result, 'test.json')).toEqual(after);
  return result;
}

describe('editConfigText', () => {
  it('changes a value in place, keeping the comment after it', () => {
    expect(edit('{\n  "a": 1, // one\n  "b": "x" /* bee */\n}\n', (c) => (c.b = 'y'))).toBe(
      '{\n  "a": 1, // one\n  "b": "y" /* bee */\n}\n',
    );
  });

  it('removes the last property without taking the previous line comment along', () => {
    expect(edit('{\n  "a": 1, // one\n  "b": 2 // two\n}\n', (c) => delete c.b)).toBe('{\n  "a": 1 // one\n}\n');
  });

  it('removes the first property with its own trailing comment, keeping own-line comments', () => {
    expect(edit('{\n  // header\n  "a": 1, // one\n  "b": 2\n}\n', (c) => delete c.a)).toBe(
      '{\n  // header\n  "b": 2\n}\n',
    );
  });

  it('appends after the trailing comment of the last property', () => {
    expect(edit('{\n  "a": 1 // one\n}\n', (c) => (c.b = { c: [true] }))).toBe(
      '{\n  "a": 1, // one\n  "b": {\n    "c": [\n      true\n    ]\n  }\n}\n',
    );
  });

  it('keeps the trailing-comma style', () => {
    expect(edit('{\n  "a": 1,\n}\n', (c) => (c.b = 2))).toBe('{\n  "a": 1,\n  "b": 2,\n}\n');
    expect(edit('{\n  "a": 1,\n  "b": 2,\n}\n', (c) => delete c.b)).toBe('{\n  "a": 1,\n}\n');
  });

  it('keeps one-line containers on one line', () => {
    expect(edit('{ "a": 1, "b": 2 }', (c) => delete c.a)).toBe('{ "b": 2 }');
    expect(edit('{ "a": 1, "b": 2 }', (c) => delete c.b)).toBe('{ "a": 1 }');
    expect(edit('{ "a": 1 }', (c) => (c.b = { x: [1, 2] }))).toBe('{ "a": 1, "b": { "x": [1, 2] } }');
    expect(edit('{ "l": ["a", "c"] }', (c) => c.l.splice(1, 0, 'b'))).toBe('{ "l": ["a", "b", "c"] }');
  });

  it('inserts array elements on their own lines next to commented neighbours', () => {
    const text = '{\n  "l": [\n    "a", // first\n    "c" // third\n  ]\n}\n';
    expect(edit(text, (c) => c.l.splice(1, 0, 'b'))).toBe(
      '{\n  "l": [\n    "a", // first\n    "b",\n    "c" // third\n  ]\n}\n',
    );
    expect(edit(text, (c) => c.l.push('d'))).toBe('{\n  "l": [\n    "a", // first\n    "c", // third\n    "d"\n  ]\n}\n');
    expect(edit(text, (c) => c.l.shift())).toBe('{\n  "l": [\n    "c" // third\n  ]\n}\n');
  });

  it('empties a container to {} when nothing else is inside', () => {
    expect(edit('{\n  "x": {\n    "only": 1\n  },\n  "y": 2\n}\n', (c) => delete c.x.only)).toBe(
      '{\n  "x": {},\n  "y": 2\n}\n',
    );
  });

  it('fills an empty container', () => {
    expect(edit('{\n  "x": {}\n}\n', (c) => (c.x.a = 1))).toBe('{\n  "x": {\n    "a": 1\n  }\n}\n');
    expect(edit('{}', (c) => (c.a = [1]))).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('replaces a value of another type', () => {
    expect(edit('{\n  "a": "x", // c\n  "b": 1\n}\n', (c) => (c.a = { n: 1 }))).toBe(
      '{\n  "a": {\n    "n": 1\n  }, // c\n  "b": 1\n}\n',
    );
  });

  it('follows tab indentation for new nested values', () => {
    expect(edit('{\n\t"x": {\n\t\t"a": 1\n\t}\n}\n', (c) => (c.x.b = { c: 1 }))).toBe(
      '{\n\t"x": {\n\t\t"a": 1,\n\t\t"b": {\n\t\t\t"c": 1\n\t\t}\n\t}\n}\n',
    );
  });

  it('turns any document into any other (property)', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd');
    const tree = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.integer({ min: -5, max: 5 }),
        fc.boolean(),
        fc.constant(null),
        fc.constantFrom('', 'x', 'with "quote"', 'line\nbreak', '// not a comment'),
        tie('array'),
        tie('object'),
      ),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    }));
    const layouts = {
      pretty: (doc: unknown) => JSON.stringify(doc, null, 2),
      compact: (doc: unknown) => JSON.stringify(doc),
      // A comment at the end of every line: pretty JSON never breaks a line inside a string.
      commented: (doc: unknown) =>
        JSON.stringify(doc, null, 2)
          .split('\n')
          .map((line, i) => `${line} // c${i}`)
          .join('\n'),
      // Trailing commas after every last element, and a comment line above every line.
      loose: (doc: unknown) => {
        const lines = JSON.stringify(doc, null, 2).split('\n');
        return lines
          .map((line, i) => {
            const closesNext = /^\s*[}\]]/.test(lines[i + 1] ?? '');
            const withComma = closesNext && !/[{[]$/.test(line) ? `${line},` : line;
            return `  // above ${i}\n${withComma}`;
          })
          .join('\n');
      },
      crlf: (doc: unknown) => `// head\r\n${JSON.stringify(doc, null, 2).replaceAll('\n', '\r\n')}\r\n`,
    };
    fc.assert(
      fc.property(
        tree.object,
        tree.object,
        fc.constantFrom(...(Object.keys(layouts) as Array<keyof typeof layouts>)),
        (before, after, layout) => {
          const text = layouts[layout](before);
          const result = editConfigText(text, before, after);
          expect(parseConfigText(result, 'test.json')).toEqual(after);
          if (layout === 'crlf') expect(result.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
