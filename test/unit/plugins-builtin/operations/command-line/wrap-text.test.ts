import { describe, expect, it } from 'vitest';
import { wrapAfter, wrapText } from '../../../../../plugins-builtin/operations/command-line/wrap-text.js';

describe('wrapText', () => {
  it('joins prose lines and wraps them at word boundaries, indented', () => {
    expect(wrapText('one two three\nfour five six seven', 16, '  ')).toEqual(['  one two three', '  four five six', '  seven']);
  });

  it('keeps paragraphs apart, once, and list items, headings and tables on their own lines', () => {
    const text = 'Intro text.\n\n\n# Heading\n- first item that wraps\n  onto two\n2. second\n| a | b |\n| 1 | 2 |';
    expect(wrapText(text, 20)).toEqual(['Intro text.', '', '# Heading', '- first item that', '  wraps onto two', '2. second', '| a | b |', '| 1 | 2 |']);
  });

  it('keeps fenced and indented code as written', () => {
    const text = 'See:\n```\n{ "a":   1,\n  "b": 2 }\n```\n    indented   code\nafter';
    expect(wrapText(text, 10)).toEqual(['See:', '```', '{ "a":   1,', '  "b": 2 }', '```', '    indented   code', 'after']);
  });

  it('leaves a word longer than the line whole, and makes nothing of blank text', () => {
    expect(wrapText('go https://example.com/a/long/path now', 12)).toEqual(['go', 'https://example.com/a/long/path', 'now']);
    expect(wrapText('\n  \r\n', 10)).toEqual([]);
  });
});

describe('wrapAfter', () => {
  it('keeps the head as it is and hangs the rest under the continuation', () => {
    expect(wrapAfter('  --flag    ', 'one two three four', 22, '      ')).toEqual(['  --flag    one two', '      three four']);
    expect(wrapAfter('  --flag  ', ' ', 22, '    ')).toEqual(['  --flag']);
  });
});
