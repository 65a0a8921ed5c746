/**
 * What the parser produces: a list of operations with source positions, kept apart from the
 * document they change so one parse can be applied to any base (a fresh body, a config file, stdin).
 * The shapes stay lean because a 1 MB body yields hundreds of thousands of them.
 */

/** An array position: `[n]` (negative counts from the end), `[]` appends, `[^n]` inserts before `n`. */
export type IndexSegment =
  | { readonly kind: 'index'; readonly index: number; readonly position: number }
  | { readonly kind: 'append'; readonly position: number }
  | { readonly kind: 'insert'; readonly index: number; readonly position: number };

/** A string is an object key; errors while applying point at the entry, which carries the position. */
export type PathSegment = string | IndexSegment;

export type Path = readonly PathSegment[];

/** `[...]` */
export class ArrayNode {
  constructor(readonly items: readonly ValueNode[]) {}
}

/** `{...}` */
export class ObjectNode {
  constructor(readonly entries: readonly Entry[]) {}
}

/**
 * A value to build: an {@link ArrayNode}, an {@link ObjectNode}, or anything else as it is, already
 * coerced at parse time (a JSON scalar, bytes, a FileRef, or a loaded file's contents).
 */
export type ValueNode = ArrayNode | ObjectNode | unknown;

/** `position` is where the entry's path starts. */
export type Entry =
  | { readonly kind: 'set'; readonly path: Path; readonly value: ValueNode; readonly position: number }
  /** `path{...}` or `path: {...}`: the fields merge into the object at `path`. */
  | { readonly kind: 'merge'; readonly path: Path; readonly entries: readonly Entry[]; readonly position: number }
  /** `path: undefined` */
  | { readonly kind: 'delete'; readonly path: Path }
  /** `from ^ to`: swap when both exist, otherwise move. `position` is where `from` starts. */
  | { readonly kind: 'move'; readonly from: Path; readonly to: Path; readonly position: number };

export type Program =
  | { readonly kind: 'empty' }
  /** Bare top-level fields (`a: 1, b: 2`), whose paths may start with an index. */
  | { readonly kind: 'entries'; readonly entries: readonly Entry[] }
  /** The whole input is one value: `[1, 2]`, `"text"`, `5`, `@file`; `{...}` merges like bare fields. */
  | { readonly kind: 'value'; readonly value: ValueNode; readonly position: number };
