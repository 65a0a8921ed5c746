/**
 * The parsed form of a shorthand query. A query is a pipeline of paths (`a | b`); a path is a run
 * of steps applied left to right. Filter expressions (`items[age > 30]`) have their own nodes.
 * Every node keeps the offset it starts at, for errors found while evaluating.
 */

export interface Pipeline {
  readonly segments: readonly Path[];
  readonly pos: number;
}

export interface Path {
  readonly steps: readonly Step[];
  readonly pos: number;
}

/**
 * `maps`: when the value reaching this step is an array, the step and the rest of the path run on
 * each element and the missing results are dropped (`items.name`). True for a step after a `.`, and
 * for a name, `*` or `{…}` that opens a path; brackets and `..` apply to the value itself.
 */
export type Step =
  | { readonly kind: 'field'; readonly name: string; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'wildcard'; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'current'; readonly maps: false; readonly pos: number }
  | { readonly kind: 'recursive'; readonly name: string; readonly maps: false; readonly pos: number }
  | { readonly kind: 'index'; readonly index: number; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'slice'; readonly start: number | undefined; readonly end: number | undefined; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'flatten'; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'filter'; readonly predicate: Expr; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'projection'; readonly entries: readonly ProjectionEntry[]; readonly maps: boolean; readonly pos: number }
  | { readonly kind: 'array'; readonly elements: readonly Pipeline[]; readonly maps: boolean; readonly pos: number };

export interface ProjectionEntry {
  readonly key: string;
  readonly value: Pipeline;
  readonly pos: number;
}

export type BinaryOperator =
  | 'or'
  | 'and'
  | 'where'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'in'
  | 'contains'
  | 'startsWith'
  | 'endsWith'
  | 'before'
  | 'after'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^';

export type Expr =
  | { readonly kind: 'literal'; readonly value: unknown; readonly pos: number }
  /** `@`: the item being tested. */
  | { readonly kind: 'current'; readonly pos: number }
  /** A field of the item; `unquoted`: a missing field reads as its own name (`[format == jpeg]`). */
  | { readonly kind: 'name'; readonly name: string; readonly unquoted: boolean; readonly pos: number }
  /** `.name`, including the pseudo-properties `.length`, `.lower` and `.upper`. */
  | { readonly kind: 'member'; readonly object: Expr; readonly name: string; readonly pos: number }
  | { readonly kind: 'index'; readonly object: Expr; readonly index: number; readonly pos: number }
  | { readonly kind: 'slice'; readonly object: Expr; readonly start: number | undefined; readonly end: number | undefined; readonly pos: number }
  /** `[a, b]`: a list, whose bare names may be unquoted strings (`status in [200, 201]`, `tag in [a, b]`). */
  | { readonly kind: 'list'; readonly elements: readonly Expr[]; readonly pos: number }
  | { readonly kind: 'not'; readonly operand: Expr; readonly pos: number }
  | { readonly kind: 'negate'; readonly operand: Expr; readonly pos: number }
  | { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: Expr; readonly right: Expr; readonly pos: number };
