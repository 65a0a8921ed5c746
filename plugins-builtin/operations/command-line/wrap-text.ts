/**
 * Descriptions from OpenAPI documents, wrapped for a terminal. They are mostly CommonMark written
 * for a web page: prose lines are joined and re-wrapped, while what has its own line breaks (list
 * items, headings, tables, fenced and indented code) keeps them. A word longer than the line (a
 * URL) is left whole rather than broken where a reader could not copy it.
 */

export function wrapText(text: string, width: number, indent = ''): string[] {
  const out: string[] = [];
  let paragraph: { words: string[]; hanging: string } | undefined;
  const flush = () => {
    if (paragraph) out.push(...fill(paragraph.words, width, indent, indent + paragraph.hanging));
    paragraph = undefined;
  };
  const blank = () => {
    flush();
    if (out.length > 0 && out.at(-1) !== '') out.push('');
  };

  let fenced = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      fenced = !fenced;
      out.push(indent + line);
    } else if (fenced || /^( {4}|\t)/.test(line)) {
      flush();
      out.push(indent + line);
    } else if (line.trim() === '') {
      blank();
    } else if (/^\s*(#{1,6}\s|\|)/.test(line)) {
      flush();
      out.push(indent + line.trim());
    } else {
      const item = /^\s*([-*+]|\d{1,3}[.)])\s+/.exec(line);
      if (item) flush();
      const words = line.trim().split(/\s+/);
      if (paragraph) paragraph.words.push(...words);
      else paragraph = { words, hanging: item ? ' '.repeat(item[1]!.length + 1) : '' };
    }
  }
  flush();
  while (out.at(-1) === '') out.pop();
  return out;
}

function fill(words: string[], width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line === '') line = first + word;
    else if (line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else line += ` ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * `head` as it is (aligned columns keep their spaces), then `text` wrapped after it, its further
 * lines starting with `continuation`.
 */
export function wrapAfter(head: string, text: string, width: number, continuation: string): string[] {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  return words.length === 0 ? [head.trimEnd()] : fill(words, width, head, continuation);
}
