/**
 * Projection: before a large input goes to jq, leave out what the program cannot look at. jq's
 * cost is mostly parsing its input (~25 ns a byte in WebAssembly) and `[.body[] | select(.id % 2
 * == 0) | {id, name}]` reads two fields of each item, so sending those alone (11 of 52 MB for the
 * example API's items) halves the work (docs/design/004-jq-engine.md).
 *
 * The analysis reads programs made of paths (`.a`, `.a[]`, `.[0]`, `."a"`, `.["a"]`, `?`), pipes,
 * `,`, `//`, `if`, arithmetic, comparisons, `and`/`or`, literals, string interpolation, array and
 * object construction, and builtin calls. It works backwards from the outputs: what each
 * expression needs of its input given what is needed of its outputs. Outputs are needed whole,
 * and so is the input of any builtin it has no rule for. Anything else in the program (variables,
 * `def`, `reduce`, `foreach`, `try`, `label`, assignment, comments, modules, anything it cannot
 * parse) means no projection: the whole input goes to jq, as it always may.
 *
 * A projection only ever removes object members nobody reads and empties containers nobody
 * reads; it keeps every array element and every type, so iteration, lengths of arrays, types,
 * truthiness and errors are what they would have been. Any operation that sees an object whole
 * (output, `keys`, `length`, `tojson`, `==`, `+`, …) makes it needed whole.
 */

import { isObjectLiteral } from '../../sdk/shared/plain-object.js';

/** What of a value may be looked at: all of it, nothing, or parts. */
export type Demand = 'all' | 'none' | Shape;

export interface Shape {
  /** Members read by name, and what of each. */
  readonly fields: ReadonlyMap<string, Demand>;
  /** What of every element (arrays) or member value (objects, all members then kept), if iterated. */
  readonly each: Demand | undefined;
}

/** What `program` may look at in its input, or 'all' when it cannot tell. */
export function inputDemand(program: string): Demand {
  try {
    return need(new Parser(program).program(), 'all');
  } catch {
    // Unsupported, or a program nested deeper than the stack: jq gets it all, and judges it.
    return 'all';
  }
}

/** `value` with what `demand` does not reach left out (a copy where anything is left out). */
export function project(value: unknown, demand: Demand): unknown {
  return projector(demand)(value);
}

type Projector = (value: unknown) => unknown;

const keepAll: Projector = (value) => value;

/** The projection for a demand, worked out once rather than for every element it is applied to. */
function projector(demand: Demand): Projector {
  if (demand === 'all') return keepAll;
  if (demand === 'none') return (value) => (Array.isArray(value) ? [] : isObjectLiteral(value) ? {} : value);
  const each = demand.each;
  const elements = projector(each ?? 'none');
  if (each === undefined) {
    // Members read by name only: nothing sees the others, nor the order of these.
    const members = [...demand.fields].map(([key, field]) => ({ key, project: projector(field) }));
    return (value) => {
      if (Array.isArray(value)) return value.map(elements);
      if (!isObjectLiteral(value)) return value;
      const out: Record<string, unknown> = {};
      for (const member of members) {
        if (Object.hasOwn(value, member.key)) setMember(out, member.key, member.project(value[member.key]));
      }
      return out;
    };
  }
  // Iterated: every member stays, in order (`.[]` yields them in that order).
  const named = new Map([...demand.fields].map(([key, field]) => [key, projector(join(each, field))]));
  return (value) => {
    if (Array.isArray(value)) return value.map(elements);
    if (!isObjectLiteral(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setMember(out, key, (named.get(key) ?? elements)(value[key]));
    return out;
  };
}

/** `out[key] = value`, where a member named "__proto__" is a member like any other. */
function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export function join(a: Demand, b: Demand): Demand {
  if (a === 'all' || b === 'all') return 'all';
  if (a === 'none') return b;
  if (b === 'none') return a;
  const fields = new Map(a.fields);
  for (const [key, demand] of b.fields) {
    const mine = fields.get(key);
    fields.set(key, mine === undefined ? demand : join(mine, demand));
  }
  const each = a.each === undefined ? b.each : b.each === undefined ? a.each : join(a.each, b.each);
  return { fields, each };
}

function shape(fields: [string, Demand][], each?: Demand): Shape {
  return { fields: new Map(fields), each };
}

// ---------------------------------------------------------------------------------------------
// The program, as far as the analysis goes.

type Node =
  | { kind: 'identity' }
  | { kind: 'whole' } // needs its input whole: `..`, builtins without a rule, formats
  | { kind: 'constant'; inputs: Node[] } // a new value made from these, each evaluated on the input and needed whole
  | { kind: 'field'; target: Node; name: string }
  | { kind: 'each'; target: Node } // `.[]`, and `.[n]` (which may pick any element)
  | { kind: 'pipe'; left: Node; right: Node }
  | { kind: 'both'; left: Node; right: Node } // `,` and `//`: each side on the input, outputs passed on
  | { kind: 'select'; condition: Node }
  | { kind: 'map'; body: Node }
  | { kind: 'passOn'; of: Node; inputs: Node[] } // outputs are those of `of` (first(f), limit(n; f)), `inputs` needed whole
  | { kind: 'if'; branches: { condition: Node; then: Node }[]; otherwise: Node };

function need(node: Node, demand: Demand): Demand {
  switch (node.kind) {
    case 'identity':
      return demand;
    case 'whole':
      return 'all';
    case 'constant':
      return node.inputs.reduce<Demand>((sum, input) => join(sum, need(input, 'all')), 'none');
    case 'field':
      return need(node.target, shape([[node.name, demand]]));
    case 'each':
      return need(node.target, shape([], demand));
    case 'pipe':
      return need(node.left, need(node.right, demand));
    case 'both':
      return join(need(node.left, demand), need(node.right, demand));
    case 'select':
      return join(demand, need(node.condition, 'all'));
    case 'map':
      return shape([], need(node.body, 'all'));
    case 'passOn':
      return node.inputs.reduce<Demand>((sum, input) => join(sum, need(input, 'all')), need(node.of, demand));
    case 'if':
      return node.branches.reduce<Demand>((sum, branch) => join(sum, join(need(branch.condition, 'all'), need(branch.then, demand))), need(node.otherwise, demand));
  }
}

/** Thrown for anything the analysis does not read; the caller then projects nothing. */
class Unsupported extends Error {}

const KEYWORDS = new Set(['def', 'import', 'include', 'if', 'then', 'elif', 'else', 'end', 'as', 'reduce', 'foreach', 'try', 'catch', 'label', 'and', 'or', '__loc__']);
/** Builtins that pass their input through when it is of a type (`select(type == …)`). */
const TYPE_FILTERS = new Set(['values', 'nulls', 'booleans', 'numbers', 'strings', 'arrays', 'objects', 'iterables', 'scalars']);
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;
const ASSIGNMENT = /(?:\|=|\+=|-=|\*=|\/=|%=|\/\/=|=(?!=))/y;
const COMPARISON = /(?:==|!=|<=|>=|<|>)/y;

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  program(): Node {
    const tree = this.pipe();
    this.space();
    if (this.at !== this.text.length) throw new Unsupported();
    return tree;
  }

  // Pipe := Comma ('|' Pipe)?
  private pipe(): Node {
    const left = this.comma();
    if (this.peekWord('as')) throw new Unsupported();
    if (this.eat('|')) return { kind: 'pipe', left, right: this.pipe() };
    return left;
  }

  // Comma := Alt (',' Alt)*
  private comma(): Node {
    let left = this.alternative();
    while (this.eat(',')) left = { kind: 'both', left, right: this.alternative() };
    return left;
  }

  // Alt := Or ('//' Alt)?, with assignments (never read) in between
  private alternative(): Node {
    const left = this.or();
    this.space();
    if (this.text.startsWith('?//', this.at) || this.match(ASSIGNMENT)) throw new Unsupported();
    if (this.eat('//')) return { kind: 'both', left, right: this.alternative() };
    return left;
  }

  private or(): Node {
    let left = this.and();
    while (this.eatWord('or')) left = { kind: 'constant', inputs: [left, this.and()] };
    return left;
  }

  private and(): Node {
    let left = this.comparison();
    while (this.eatWord('and')) left = { kind: 'constant', inputs: [left, this.comparison()] };
    return left;
  }

  private comparison(): Node {
    const left = this.additive();
    this.space();
    if (this.match(ASSIGNMENT)) throw new Unsupported();
    if (this.match(COMPARISON)) return { kind: 'constant', inputs: [left, this.additive()] };
    return left;
  }

  private additive(): Node {
    let left = this.multiplicative();
    for (;;) {
      this.space();
      const op = this.text[this.at];
      if ((op !== '+' && op !== '-') || this.text[this.at + 1] === '=') return left;
      this.at++;
      left = { kind: 'constant', inputs: [left, this.multiplicative()] };
    }
  }

  private multiplicative(): Node {
    let left = this.unary();
    for (;;) {
      this.space();
      const op = this.text[this.at];
      if ((op !== '*' && op !== '/' && op !== '%') || this.text[this.at + 1] === '=' || this.text.startsWith('//', this.at)) return left;
      this.at++;
      left = { kind: 'constant', inputs: [left, this.unary()] };
    }
  }

  private unary(): Node {
    this.space();
    if (this.text[this.at] === '-' && this.text[this.at + 1] !== '=') {
      this.at++;
      return { kind: 'constant', inputs: [this.unary()] };
    }
    return this.postfix(this.term());
  }

  /** Suffixes: `.name`, `."name"`, `[…]`, `.[…]`, `?`. */
  private postfix(target: Node): Node {
    for (;;) {
      this.space();
      const c = this.text[this.at];
      const next = this.text[this.at + 1] ?? '';
      if (c === '?' && !this.text.startsWith('?//', this.at)) {
        this.at++;
      } else if (c === '.' && /[A-Za-z_]/.test(next)) {
        this.at++;
        target = { kind: 'field', target, name: this.identifier() };
      } else if (c === '.' && next === '"') {
        this.at++;
        target = this.fieldByString(target);
      } else if (c === '[' || (c === '.' && next === '[')) {
        if (c === '.') this.at++;
        target = this.bracket(target);
      } else {
        return target;
      }
    }
  }

  private fieldByString(target: Node): Node {
    const string = this.string();
    if (string.inputs.length > 0) throw new Unsupported();
    return { kind: 'field', target, name: string.value };
  }

  /** `[` seen: `[]`, `[key]`, `[index]`, `[expr]`, `[from:to]`. */
  private bracket(target: Node): Node {
    this.expect('[');
    if (this.eat(']')) return { kind: 'each', target };
    this.space();
    const literal = this.literalIndex();
    if (literal !== undefined && this.eat(']')) {
      return typeof literal === 'string' ? { kind: 'field', target, name: literal } : { kind: 'each', target };
    }
    // A computed index or a slice: the target needed whole, and the bounds, which are evaluated
    // on the same input as the target.
    const inputs: Node[] = [target];
    if (!this.peek(':')) inputs.push(this.pipe());
    if (this.eat(':') && !this.peek(']')) inputs.push(this.pipe());
    this.expect(']');
    return { kind: 'constant', inputs };
  }

  /** A string or (possibly negative) number literal directly followed by `]`, else undefined (and nothing consumed). */
  private literalIndex(): string | number | undefined {
    const start = this.at;
    if (this.text[this.at] === '"') {
      const string = this.string();
      if (string.inputs.length === 0 && this.peek(']')) return string.value;
    } else {
      if (this.text[this.at] === '-') this.at++;
      this.space();
      if (this.match(NUMBER) && this.peek(']')) return 0;
    }
    this.at = start;
    return undefined;
  }

  private term(): Node {
    this.space();
    const c = this.text[this.at];
    if (c === undefined) throw new Unsupported();
    if (c === '.' && this.text[this.at + 1] === '.') {
      this.at += 2;
      return { kind: 'whole' };
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(this.text[this.at + 1] ?? ''))) {
      if (!this.match(NUMBER)) throw new Unsupported();
      return { kind: 'constant', inputs: [] };
    }
    if (c === '.') {
      this.at++;
      const next = this.text[this.at] ?? '';
      if (/[A-Za-z_]/.test(next)) return { kind: 'field', target: { kind: 'identity' }, name: this.identifier() };
      if (next === '"') return this.fieldByString({ kind: 'identity' });
      return { kind: 'identity' };
    }
    if (c === '"') return { kind: 'constant', inputs: this.string().inputs };
    if (c === '@') {
      this.at++;
      this.identifier();
      this.space();
      // `@csv "…\(x)…"` formats what it interpolates; `@csv` alone formats its input.
      if (this.text[this.at] === '"') return { kind: 'constant', inputs: this.string().inputs };
      return { kind: 'whole' };
    }
    if (c === '(') {
      this.at++;
      const inner = this.pipe();
      this.expect(')');
      return inner;
    }
    if (c === '[') {
      this.at++;
      if (this.eat(']')) return { kind: 'constant', inputs: [] };
      const inner = this.pipe();
      this.expect(']');
      return { kind: 'constant', inputs: [inner] };
    }
    if (c === '{') return this.object();
    if (c === '$') {
      this.at++;
      const name = this.identifier();
      if (name === '__loc__' || name === 'ENV') return { kind: 'constant', inputs: [] };
      throw new Unsupported(); // variables are bound by `as`, `reduce`, …: not read here
    }
    if (/[A-Za-z_]/.test(c)) {
      const name = this.identifier();
      if (this.text.startsWith('::', this.at)) throw new Unsupported();
      if (name === 'if') return this.conditional();
      if (KEYWORDS.has(name)) throw new Unsupported();
      return this.call(name);
    }
    throw new Unsupported();
  }

  private call(name: string): Node {
    const args: Node[] = [];
    if (this.eat('(')) {
      do args.push(this.pipe());
      while (this.eat(';'));
      this.expect(')');
    }
    const [first, second] = args;
    if (name === 'empty' && args.length === 0) return { kind: 'constant', inputs: [] };
    if (name === 'not' && args.length === 0) return { kind: 'whole' };
    if (TYPE_FILTERS.has(name) && args.length === 0) return { kind: 'identity' };
    if (name === 'select' && first && args.length === 1) return { kind: 'select', condition: first };
    if (name === 'map' && first && args.length === 1) return { kind: 'map', body: first };
    if ((name === 'first' || name === 'last') && first && args.length === 1) return { kind: 'passOn', of: first, inputs: [] };
    if ((name === 'first' || name === 'last') && args.length === 0) return { kind: 'each', target: { kind: 'identity' } };
    if (name === 'limit' && first && second && args.length === 2) return { kind: 'passOn', of: second, inputs: [first] };
    return { kind: 'whole' };
  }

  // if C then A (elif C then A)* (else B)? end
  private conditional(): Node {
    const branches: { condition: Node; then: Node }[] = [];
    let otherwise: Node = { kind: 'identity' };
    for (;;) {
      const condition = this.pipe();
      if (!this.eatWord('then')) throw new Unsupported();
      branches.push({ condition, then: this.pipe() });
      if (this.eatWord('elif')) continue;
      if (this.eatWord('else')) otherwise = this.pipe();
      if (!this.eatWord('end')) throw new Unsupported();
      return { kind: 'if', branches, otherwise };
    }
  }

  // { key: value, key, "key": value, (expr): value, … }
  private object(): Node {
    this.expect('{');
    const inputs: Node[] = [];
    if (this.eat('}')) return { kind: 'constant', inputs };
    do {
      this.space();
      if (this.peek('}')) break; // a trailing comma
      const c = this.text[this.at] ?? '';
      let key: string | undefined;
      if (/[A-Za-z_]/.test(c)) {
        key = this.identifier();
      } else if (c === '"') {
        const string = this.string();
        if (string.inputs.length > 0) {
          inputs.push(...string.inputs);
          if (!this.peek(':')) throw new Unsupported();
        } else {
          key = string.value;
        }
      } else if (c === '(') {
        this.at++;
        inputs.push(this.pipe());
        this.expect(')');
        if (!this.peek(':')) throw new Unsupported();
      } else if (c === '$') {
        this.at++;
        if (this.identifier() !== '__loc__') throw new Unsupported();
      } else {
        throw new Unsupported();
      }
      if (this.eat(':')) inputs.push(this.objectValue());
      else if (key !== undefined) inputs.push({ kind: 'field', target: { kind: 'identity' }, name: key });
    } while (this.eat(','));
    this.expect('}');
    return { kind: 'constant', inputs };
  }

  /** A member's value: pipes but no commas (the comma ends the member). */
  private objectValue(): Node {
    const left = this.alternative();
    if (this.eat('|')) return { kind: 'pipe', left, right: this.objectValue() };
    return left;
  }

  /** A string literal: its text, and the expressions interpolated in it. */
  private string(): { value: string; inputs: Node[] } {
    this.expect('"');
    let value = '';
    const inputs: Node[] = [];
    for (;;) {
      const c = this.text[this.at++];
      if (c === undefined) throw new Unsupported();
      if (c === '"') return { value, inputs };
      if (c !== '\\') {
        value += c;
        continue;
      }
      const escape = this.text[this.at++];
      if (escape === '(') {
        inputs.push(this.pipe());
        this.expect(')');
      } else if (escape === 'u') {
        const hex = this.text.slice(this.at, this.at + 4);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw new Unsupported();
        value += String.fromCharCode(Number.parseInt(hex, 16));
        this.at += 4;
      } else {
        const simple = ({ '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[escape ?? ''];
        if (simple === undefined) throw new Unsupported();
        value += simple;
      }
    }
  }

  private identifier(): string {
    IDENT.lastIndex = this.at;
    const found = IDENT.exec(this.text);
    if (!found) throw new Unsupported();
    this.at = IDENT.lastIndex;
    return found[0];
  }

  private match(pattern: RegExp): boolean {
    pattern.lastIndex = this.at;
    if (!pattern.test(this.text)) return false;
    this.at = pattern.lastIndex;
    return true;
  }

  /** Skips white space; a comment is not read (jq's comments have rules of their own). */
  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
    if (this.text[this.at] === '#') throw new Unsupported();
  }

  private peek(token: string): boolean {
    this.space();
    return this.text.startsWith(token, this.at);
  }

  private eat(token: string): boolean {
    if (!this.peek(token)) return false;
    // `|` is not `|=`, `/` is not `//`: callers check those before, this only guards the pipe.
    if (token === '|' && this.text[this.at + 1] === '=') throw new Unsupported();
    this.at += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.eat(token)) throw new Unsupported();
  }

  private peekWord(word: string): boolean {
    this.space();
    return this.text.startsWith(word, this.at) && !/[A-Za-z0-9_]/.test(this.text[this.at + word.length] ?? '');
  }

  private eatWord(word: string): boolean {
    if (!this.peekWord(word)) return false;
    this.at += word.length;
    return true;
  }
}
