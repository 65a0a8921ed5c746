/**
 * The path grammar: a query is paths joined by `|`; a path is a run of steps.
 *
 *   query    = path *( "|" path )
 *   path     = first *( "." step / ".." name / bracket )
 *   first    = "@" / ".." name / step / bracket
 *   step     = name / quoted / "*" / projection / bracket
 *   bracket  = "[]" / "[" int "]" / "[" [int] ":" [int] "]" / "[" query *( "," query ) "]" / "[" ["?"] expr "]"
 *   projection = "{" [ entry *( "," entry ) [","] ] "}"
 *   entry    = (name / quoted) ":" query / path      ; a bare path is keyed by its last name
 *
 * Spaces are allowed around `|`, `,` and `:` and inside brackets and braces, not between steps.
 */

import type { Path, Pipeline, ProjectionEntry, Step } from './ast.js';
import { Cursor, describeChar, isNameChar } from './cursor.js';
import { parseFilterExpression } from './expr-parser.js';
import { JQ_FUNCTION_NAMES } from './jq-function-names.js';
import { hasTopLevelComma, readSubscript } from './subscript.js';

export function parseQuery(text: string): Pipeline {
  const cursor = new Cursor(text);
  cursor.skipSpace();
  if (cursor.atEnd()) cursor.fail('the filter is empty', 0, 'write a path such as body.items[0].name, or @ for the whole response');
  const parser = new PathParser(cursor);
  const query = parser.pipeline();
  cursor.skipSpace();
  if (!cursor.atEnd()) parser.unexpected("'|' or the end of the filter");
  return query;
}

class PathParser {
  constructor(private readonly cursor: Cursor) {}

  pipeline(): Pipeline {
    const { cursor } = this;
    const { pos, text } = cursor;
    const segments: Path[] = [this.path()];
    for (;;) {
      const before = cursor.pos;
      cursor.skipSpace();
      if (!cursor.eat('|')) {
        cursor.pos = before;
        return { segments, pos };
      }
      cursor.skipSpace();
      const start = cursor.pos;
      const path = this.path();
      this.refuseFunction(path, start, text.slice(pos, before).trim());
      segments.push(path);
    }
  }

  /** `body | length`: a bare function name after a pipe would read a field quietly; jq has the function. */
  private refuseFunction(path: Path, start: number, piped: string): void {
    const step = path.steps[0]!;
    if (path.steps.length !== 1 || step.kind !== 'field' || this.cursor.text[start] === '"' || !JQ_FUNCTION_NAMES.has(step.name)) return;
    const simple = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(piped);
    this.cursor.fail(`"${step.name}" after '|' is a function, and a shorthand query has no functions`, start, [
      simple ? `jq has it: -f '.${piped} | ${step.name}'` : `jq has it, e.g. -f '.body | ${step.name}'`,
      'shorthand has only .length, .lower and .upper, inside filters: body[name.length > 3]',
      `a field named ${step.name} is written "${step.name}"`,
    ].join('; '));
  }

  path(): Path {
    const { cursor } = this;
    const pos = cursor.pos;
    const steps: Step[] = [this.first()];
    for (;;) {
      const char = cursor.peek();
      if (char === '.') {
        if (cursor.peek(1) === '.') steps.push(this.recursive());
        else steps.push(this.afterDot());
      } else if (char === '[') {
        steps.push(this.bracket(false));
      } else if (char === '{') {
        cursor.fail("expected '.' before '{'", cursor.pos, 'select fields with a dot: items.{id, name}');
      } else if (char === '"' || (char !== '' && isNameChar(cursor.code()))) {
        cursor.fail(`expected '.' before ${describeChar(char)}`, cursor.pos, 'join names with dots: body.items[0].name');
      } else {
        return { steps, pos };
      }
    }
  }

  private first(): Step {
    const { cursor } = this;
    const pos = cursor.pos;
    const char = cursor.peek();
    if (char === '@' && !isNameChar(cursor.code(1))) {
      cursor.pos++;
      return { kind: 'current', maps: false, pos };
    }
    if (char === '.') {
      if (cursor.peek(1) === '.') return this.recursive();
      cursor.fail("a shorthand path starts with a name, not '.'", pos, "a leading '.' is jq: write body.items, or ask for jq with --okapi-filter-lang jq");
    }
    if (char === '[') return this.bracket(false);
    return this.step(pos, true);
  }

  /** A step after a single `.`: it maps over arrays. */
  private afterDot(): Step {
    const { cursor } = this;
    const dot = cursor.pos;
    cursor.pos++;
    if (cursor.peek() === '[') return this.bracket(true);
    return this.step(dot + 1, true, dot);
  }

  private step(pos: number, maps: boolean, dot?: number): Step {
    const { cursor } = this;
    const char = cursor.peek();
    if (char === '"') return { kind: 'field', name: cursor.readQuoted(), maps, pos };
    if (char === '*') {
      cursor.pos++;
      return { kind: 'wildcard', maps, pos };
    }
    if (char === '{') return this.projection(maps);
    const name = cursor.readName();
    if (name !== '') return { kind: 'field', name, maps, pos };
    if (dot !== undefined) {
      this.cursor.fail(`expected a name after '.' but found ${describeChar(char)}`, pos, 'quote a name with other characters: headers."x.y"');
    }
    return this.unexpected('a path', 'a path starts with a name, a "quoted name", *, {…}, [0], ..name or @');
  }

  private recursive(): Step {
    const { cursor } = this;
    const pos = cursor.pos;
    cursor.pos += 2;
    const quoted = cursor.peek() === '"';
    const name = quoted ? cursor.readQuoted() : cursor.readName();
    if (name === '' && !quoted) {
      cursor.fail(`expected a name after '..' but found ${describeChar(cursor.peek())}`, cursor.pos, "'..' finds a field at any depth, e.g. ..id; '.. | …' is jq");
    }
    return { kind: 'recursive', name, maps: false, pos };
  }

  private bracket(maps: boolean): Step {
    const { cursor } = this;
    const open = cursor.pos;
    cursor.pos++;
    return cursor.nested(open, (): Step => {
      const subscript = readSubscript(cursor);
      if (subscript?.kind === 'index') return { kind: 'index', index: subscript.index, maps, pos: open };
      if (subscript?.kind === 'slice') return { kind: 'slice', start: subscript.start, end: subscript.end, maps, pos: open };
      cursor.skipSpace();
      if (cursor.eat(']')) return { kind: 'flatten', maps, pos: open };
      if (cursor.atEnd()) cursor.fail("unclosed '['", open);
      if (hasTopLevelComma(cursor.text, cursor.pos)) return { kind: 'array', elements: this.arrayElements(open), maps, pos: open };
      cursor.eat('?');
      const predicate = parseFilterExpression(cursor);
      cursor.skipSpace();
      cursor.close(']', open, "']' to end the filter");
      return { kind: 'filter', predicate, maps, pos: open };
    });
  }

  /** `[a, b]`: each element a query run on the same value. */
  private arrayElements(open: number): Pipeline[] {
    const { cursor } = this;
    const elements: Pipeline[] = [];
    for (;;) {
      cursor.skipSpace();
      elements.push(this.pipeline());
      cursor.skipSpace();
      if (cursor.eat(',')) continue;
      cursor.close(']', open, "',' or ']'");
      return elements;
    }
  }

  private projection(maps: boolean): Step {
    const { cursor } = this;
    const open = cursor.pos;
    cursor.pos++;
    return cursor.nested(open, (): Step => {
      const entries: ProjectionEntry[] = [];
      for (;;) {
        cursor.skipSpace();
        if (cursor.eat('}')) return { kind: 'projection', entries, maps, pos: open };
        entries.push(this.entry());
        cursor.skipSpace();
        if (cursor.eat(',')) continue;
        cursor.close('}', open, "',' or '}'");
        return { kind: 'projection', entries, maps, pos: open };
      }
    });
  }

  private entry(): ProjectionEntry {
    const { cursor } = this;
    const pos = cursor.pos;
    const quoted = cursor.peek() === '"';
    const key = quoted ? cursor.readQuoted() : cursor.readName();
    if (key !== '' || quoted) {
      const afterKey = cursor.pos;
      cursor.skipSpace();
      if (cursor.eat(':')) {
        cursor.skipSpace();
        return { key, value: this.pipeline(), pos };
      }
      cursor.pos = afterKey;
    }
    cursor.pos = pos;
    const path = this.path();
    const last = path.steps[path.steps.length - 1]!;
    if (last.kind !== 'field' && last.kind !== 'recursive') {
      return cursor.fail('this field needs a name', pos, 'name it with a colon: {first: items[0]}');
    }
    return { key: last.name, value: { segments: [path], pos }, pos };
  }

  /** Fails on what stands at the cursor, `expected` being what would have fitted there. */
  unexpected(expected: string, hint?: string): never {
    const { cursor } = this;
    const char = cursor.peek();
    let advice = hint;
    if (advice === undefined) {
      if (char === ',') advice = 'to build an array write [a, b]; to select fields write {a, b}';
      else if (char === '(' || char === '=' || char === '<' || char === '>' || char === '!') advice = 'expressions go inside brackets: items[age > 30]';
      else if (char !== '' && isNameChar(cursor.code())) advice = 'steps join without spaces (body.items.name); quote a name that holds spaces: "a b"';
    }
    return cursor.fail(`expected ${expected} but found ${describeChar(char)}`, cursor.pos, advice);
  }
}
