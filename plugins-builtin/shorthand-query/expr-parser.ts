/**
 * Filter expressions, the inside of `items[…]`. From loosest to tightest:
 *
 *   or  ·  and  ·  not  ·  where  ·  == != < <= > >= in contains startsWith endsWith before after
 *   ·  + -  ·  * / %  ·  unary -  ·  ^ (right-associative)  ·  .name  [n]  [a:b]
 *
 * Values: numbers, "strings", dates (`2024-01-01`, a string), true, false, null, `@` (the item),
 * names (its fields), `(…)` and lists `[a, b]`. A comparison does not chain (`1 < x < 5` is
 * refused: write `1 < x and x < 5`). A bare name on the right of a comparison, or in a list, reads
 * as a string when the item has no such field (`format == jpeg`, `tag in [a, b]`).
 */

import type { BinaryOperator, Expr } from './ast.js';
import type { Cursor } from './cursor.js';
import { describeChar } from './cursor.js';
import { ExprLexer, type Token } from './expr-lexer.js';
import { readSubscript } from './subscript.js';
import { isNumber, negated } from './values.js';

const COMPARISONS = new Set<string>(['==', '!=', '<', '<=', '>', '>=', 'in', 'contains', 'startsWith', 'endsWith', 'before', 'after']);

/** Comparisons whose right-hand bare name may be an unquoted string; `in` wants a container there. */
const UNQUOTED_RIGHT = new Set<string>(['==', '!=', '<', '<=', '>', '>=', 'contains', 'startsWith', 'endsWith', 'before', 'after']);

const KEYWORDS = new Set(['and', 'or', 'not', 'where', 'in', 'contains', 'startsWith', 'endsWith', 'before', 'after']);

const LITERALS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['true', true],
  ['false', false],
  ['null', null],
]);

/** Parses an expression up to (not including) the `]` that ends the filter. */
export function parseFilterExpression(cursor: Cursor): Expr {
  return new ExprParser(cursor).parse();
}

class ExprParser {
  private readonly lexer: ExprLexer;

  constructor(private readonly cursor: Cursor) {
    this.lexer = new ExprLexer(cursor);
  }

  parse(): Expr {
    const expr = this.or();
    const next = this.lexer.peek();
    if (!(next.type === 'op' && next.value === ']') && next.type !== 'end') {
      const hint = next.type === 'name' && !KEYWORDS.has(next.value) ? 'quote a string that holds spaces: name == "Ada Lovelace"' : undefined;
      this.cursor.fail(`unexpected ${this.describe(next)} in the filter expression`, next.pos, hint);
    }
    return expr;
  }

  private or(): Expr {
    let left = this.and();
    while (this.lexer.is('or')) {
      const pos = this.lexer.next().pos;
      left = { kind: 'binary', op: 'or', left, right: this.and(), pos };
    }
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.lexer.is('and')) {
      const pos = this.lexer.next().pos;
      left = { kind: 'binary', op: 'and', left, right: this.not(), pos };
    }
    return left;
  }

  private not(): Expr {
    if (!this.lexer.is('not')) return this.where();
    const pos = this.lexer.next().pos;
    return this.cursor.nested(pos, () => ({ kind: 'not', operand: this.not(), pos }) as const);
  }

  private where(): Expr {
    let left = this.comparison();
    while (this.lexer.is('where')) {
      const pos = this.lexer.next().pos;
      left = { kind: 'binary', op: 'where', left, right: this.comparison(), pos };
    }
    return left;
  }

  private comparison(): Expr {
    const left = this.additive();
    const token = this.lexer.peek();
    if (!this.isComparison(token)) return left;
    this.lexer.next();
    const op = token.value as BinaryOperator;
    let right = this.additive();
    if (right.kind === 'name' && UNQUOTED_RIGHT.has(op)) right = { ...right, unquoted: true };
    const after = this.lexer.peek();
    if (this.isComparison(after)) {
      this.cursor.fail(`comparisons do not chain: '${after.value}' after '${op}'`, after.pos, `join them with and: 1 < x and x < 5`);
    }
    return { kind: 'binary', op, left, right, pos: token.pos };
  }

  private isComparison(token: Token): boolean {
    return (token.type === 'op' || token.type === 'name') && COMPARISONS.has(token.value);
  }

  private additive(): Expr {
    let left = this.multiplicative();
    for (;;) {
      const token = this.lexer.peek();
      if (token.type !== 'op' || (token.value !== '+' && token.value !== '-')) return left;
      this.lexer.next();
      left = { kind: 'binary', op: token.value, left, right: this.multiplicative(), pos: token.pos };
    }
  }

  private multiplicative(): Expr {
    let left = this.unary();
    for (;;) {
      const token = this.lexer.peek();
      if (token.type !== 'op' || (token.value !== '*' && token.value !== '/' && token.value !== '%')) return left;
      this.lexer.next();
      const right = this.unary();
      if ((token.value === '/' || token.value === '%') && right.kind === 'literal' && right.value === 0) {
        this.cursor.fail('division by zero', token.pos);
      }
      left = { kind: 'binary', op: token.value, left, right, pos: token.pos };
    }
  }

  private unary(): Expr {
    const token = this.lexer.peek();
    if (token.type === 'op' && token.value === '-') {
      this.lexer.next();
      const operand = this.cursor.nested(token.pos, () => this.unary());
      if (operand.kind === 'literal' && isNumber(operand.value)) return { kind: 'literal', value: negated(operand.value), pos: token.pos };
      return { kind: 'negate', operand, pos: token.pos };
    }
    return this.power();
  }

  private power(): Expr {
    const base = this.postfix();
    const token = this.lexer.peek();
    if (token.type !== 'op' || token.value !== '^') return base;
    this.lexer.next();
    const exponent = this.cursor.nested(token.pos, () => this.unary());
    return { kind: 'binary', op: '^', left: base, right: exponent, pos: token.pos };
  }

  private postfix(): Expr {
    let expr = this.primary();
    const { cursor } = this;
    for (;;) {
      // Member access and subscripts must touch what they apply to: `a.b`, `a[0]`.
      const char = cursor.peek();
      if (char === '.') {
        const pos = cursor.pos;
        cursor.pos++;
        expr = { kind: 'member', object: expr, name: this.memberName(pos), pos };
      } else if (char === '[') {
        const pos = cursor.pos;
        cursor.pos++;
        const subscript = readSubscript(cursor);
        if (!subscript) return this.cursor.fail('expected an index such as [0] or [-1], or a slice such as [0:2]', pos + 1, 'to filter inside a filter, use where: tags where @ startsWith a');
        expr =
          subscript.kind === 'index'
            ? { kind: 'index', object: expr, index: subscript.index, pos }
            : { kind: 'slice', object: expr, start: subscript.start, end: subscript.end, pos };
      } else {
        return expr;
      }
    }
  }

  private memberName(dot: number): string {
    const { cursor } = this;
    if (cursor.peek() === '"') return cursor.readQuoted();
    const name = cursor.readName();
    if (name === '') cursor.fail(`expected a name after '.' but found ${describeChar(cursor.peek())}`, dot + 1);
    return name;
  }

  private primary(): Expr {
    const token = this.lexer.peek();
    switch (token.type) {
      case 'number':
      case 'string':
        this.lexer.next();
        return { kind: 'literal', value: token.value, pos: token.pos };
      case 'name': {
        if (LITERALS.has(token.value)) {
          this.lexer.next();
          return { kind: 'literal', value: LITERALS.get(token.value), pos: token.pos };
        }
        if (KEYWORDS.has(token.value)) this.cursor.fail(`expected a value but found '${token.value}'`, token.pos);
        this.lexer.next();
        return { kind: 'name', name: token.value, unquoted: false, pos: token.pos };
      }
      case 'op':
        if (token.value === '@') {
          this.lexer.next();
          return { kind: 'current', pos: token.pos };
        }
        if (token.value === '[') return this.list(token.pos);
        if (token.value === '(') {
          this.lexer.next();
          const inner = this.cursor.nested(token.pos, () => this.or());
          const close = this.lexer.peek();
          if (close.type !== 'op' || close.value !== ')') {
            if (close.type === 'end') this.cursor.fail("unclosed '(': expected ')'", token.pos);
            this.cursor.fail(`expected ')' but found ${this.describe(close)}`, close.pos);
          }
          this.lexer.next();
          return inner;
        }
        return this.cursor.fail(`expected a value but found ${this.describe(token)}`, token.pos);
      case 'end':
        return this.cursor.fail('expected a value but found the end of the filter', token.pos);
    }
  }

  /** `[a, b, c]` or `[]`. */
  private list(open: number): Expr {
    this.lexer.next();
    return this.cursor.nested(open, (): Expr => {
      const elements: Expr[] = [];
      if (this.lexer.is(']')) {
        this.lexer.next();
        return { kind: 'list', elements, pos: open };
      }
      for (;;) {
        const element = this.or();
        elements.push(element.kind === 'name' ? { ...element, unquoted: true } : element);
        const next = this.lexer.next();
        if (next.type === 'op' && next.value === ',') continue;
        if (next.type === 'op' && next.value === ']') return { kind: 'list', elements, pos: open };
        if (next.type === 'end') this.cursor.fail("unclosed '[': expected ']'", open);
        return this.cursor.fail(`expected ',' or ']' but found ${this.describe(next)}`, next.pos);
      }
    });
  }

  private describe(token: Token): string {
    if (token.type === 'end') return 'the end of the filter';
    if (token.type === 'string') return `"${token.value}"`;
    return `'${this.cursor.text.slice(token.pos, token.end)}'`;
  }
}
