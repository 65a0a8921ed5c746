/**
 * Paths compiled to closures: each step becomes a function of the value reaching it, composed
 * right to left, so running a query is one pass over the data it touches.
 *
 * A step that maps (after a `.`, or a name, `*` or `{…}` opening a path) runs itself and the rest
 * of its path on every element when it meets an array, dropping missing and null results:
 * `items.name` lists the names, `items.tags[0]` the first tag of each item. A pipe ends that:
 * `items.tags | [0]` is the first item's tags. Brackets apply to the value itself: `items[0]`,
 * `items[age > 30]`, and `[a, b]`, whose elements each start a path of their own: so
 * `items | [id, name]` is the list of ids and the list of names, `items.[id, name]` a pair per item.
 */

import type { Path, Pipeline, ProjectionEntry, Step } from './ast.js';
import { QueryError } from './errors.js';
import { compileExpr } from './evaluate-expr.js';
import { fieldReader, flattenOnce, indexValue, isRecord, sliceValue, truthy, typeName, valuesOf } from './values.js';

export type QueryFn = (value: unknown) => unknown;

export function compilePipeline(pipeline: Pipeline, text: string): QueryFn {
  const segments = pipeline.segments.map((path) => compilePath(path, text));
  if (segments.length === 1) return segments[0]!;
  return (value) => {
    let current = value;
    for (const segment of segments) current = segment(current);
    return current;
  };
}

function compilePath(path: Path, text: string): QueryFn {
  let rest: QueryFn | undefined;
  for (let i = path.steps.length - 1; i >= 0; i--) {
    const step = path.steps[i]!;
    const own = compileStep(step, text);
    const next = rest;
    const run: QueryFn = next === undefined ? own : (value) => next(own(value));
    rest = step.maps ? mapping(run) : run;
  }
  return rest ?? ((value) => value);
}

function mapping(run: QueryFn): QueryFn {
  return (value) => {
    if (!Array.isArray(value)) return run(value);
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const result = run(value[i]);
      if (result !== undefined && result !== null) out.push(result);
    }
    return out;
  };
}

function compileStep(step: Step, text: string): QueryFn {
  switch (step.kind) {
    case 'field':
      return fieldReader(step.name);
    case 'wildcard':
      return valuesOf;
    case 'current':
      return (value) => value;
    case 'recursive': {
      const { name } = step;
      return (value) => findAll(value, name);
    }
    case 'index': {
      const { index } = step;
      return (value) => indexValue(value, index);
    }
    case 'slice': {
      const { start, end } = step;
      return (value) => sliceValue(value, start, end);
    }
    case 'flatten':
      return flattenOnce;
    case 'filter': {
      const predicate = compileExpr(step.predicate);
      return (value) => {
        if (Array.isArray(value)) {
          const out: unknown[] = [];
          for (let i = 0; i < value.length; i++) if (truthy(predicate(value[i]))) out.push(value[i]);
          return out;
        }
        // A single value passes or not: `body[status == active]` on one object.
        return value === undefined || value === null || !truthy(predicate(value)) ? undefined : value;
      };
    }
    case 'projection':
      return projection(step.entries, step.pos, text);
    case 'array': {
      const elements = step.elements.map((element) => compilePipeline(element, text));
      return (value) =>
        elements.map((element) => {
          const result = element(value);
          return result === undefined ? null : result;
        });
    }
  }
}

function projection(entries: readonly ProjectionEntry[], pos: number, text: string): QueryFn {
  const fields = entries.map((entry) => ({ key: entry.key, value: compilePipeline(entry.value, text), special: entry.key === '__proto__' }));
  return (value) => {
    if (value === undefined || value === null) return undefined;
    if (!isRecord(value)) {
      throw new QueryError(
        `selecting fields needs an object, but this value is ${typeName(value)}`,
        pos,
        text,
        Array.isArray(value) ? { hint: 'flatten nested arrays first: items[].{id, name}' } : {},
      );
    }
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const result = field.value(value);
      const stored = result === undefined ? null : result;
      if (field.special) Object.defineProperty(out, field.key, { value: stored, enumerable: true, writable: true, configurable: true });
      else out[field.key] = stored;
    }
    return out;
  };
}

/** `..name`: every value under `name` at any depth, in document order, a match before what it holds. */
function findAll(root: unknown, name: string): unknown[] {
  const out: unknown[] = [];
  // An explicit stack: a deeply nested body must not exhaust the call stack. A `Found` entry is a
  // match to emit; anything else is a value to search.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value instanceof Found) {
      out.push(value.value);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (isRecord(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child = value[key];
        stack.push(child);
        if (key === name) stack.push(new Found(child));
      }
    }
  }
  return out;
}

class Found {
  constructor(readonly value: unknown) {}
}
