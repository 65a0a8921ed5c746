/**
 * Filter expressions compiled to closures, run once per array item. Nothing here throws: a
 * comparison between values of different kinds is false, arithmetic that makes no sense (or divides
 * by zero) gives a missing value, so one odd item never stops a filter over a whole response.
 */

import type { BinaryOperator, Expr } from './ast.js';
import { instantOf } from './dates.js';
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { characterLength, compareNumbers, deepEqual, fieldReader, indexValue, isBytes, isNumber, isRecord, negated, numberOf, sliceValue, truthy } from './values.js';

/** Evaluates against the item being tested. */
export type ExprFn = (item: unknown) => unknown;

export function compileExpr(expr: Expr): ExprFn {
  switch (expr.kind) {
    case 'literal': {
      const { value } = expr;
      return () => value;
    }
    case 'current':
      return (item) => item;
    case 'name': {
      const read = fieldReader(expr.name);
      if (!expr.unquoted) return read;
      const { name } = expr;
      return (item) => {
        const value = read(item);
        return value === undefined ? name : value;
      };
    }
    case 'member':
      return member(compileExpr(expr.object), expr.name);
    case 'index': {
      const object = compileExpr(expr.object);
      const { index } = expr;
      return (item) => indexValue(object(item), index);
    }
    case 'slice': {
      const object = compileExpr(expr.object);
      const { start, end } = expr;
      return (item) => sliceValue(object(item), start, end);
    }
    case 'list': {
      const elements = expr.elements.map(compileExpr);
      return (item) =>
        elements.map((element) => {
          const value = element(item);
          return value === undefined ? null : value;
        });
    }
    case 'not': {
      const operand = compileExpr(expr.operand);
      return (item) => !truthy(operand(item));
    }
    case 'negate': {
      const operand = compileExpr(expr.operand);
      return (item) => negated(operand(item));
    }
    case 'binary':
      return binary(expr.op, compileExpr(expr.left), compileExpr(expr.right));
  }
}

/** `.name`, where `.length`, `.lower` and `.upper` are pseudo-properties unless an object has such a field. */
function member(object: ExprFn, name: string): ExprFn {
  const read = fieldReader(name);
  if (name === 'length') {
    return (item) => {
      const value = object(item);
      if (typeof value === 'string') return characterLength(value);
      if (Array.isArray(value) || isBytes(value)) return value.length;
      if (isRecord(value)) return Object.hasOwn(value, 'length') ? value.length : Object.keys(value).length;
      return undefined;
    };
  }
  if (name === 'lower' || name === 'upper') {
    const lower = name === 'lower';
    return (item) => {
      const value = object(item);
      if (typeof value === 'string') return lower ? value.toLowerCase() : value.toUpperCase();
      return read(value);
    };
  }
  return (item) => read(object(item));
}

function binary(op: BinaryOperator, left: ExprFn, right: ExprFn): ExprFn {
  switch (op) {
    case 'or':
      return (item) => truthy(left(item)) || truthy(right(item));
    case 'and':
      return (item) => truthy(left(item)) && truthy(right(item));
    case 'where':
      return (item) => {
        const list = left(item);
        return Array.isArray(list) ? list.filter((element) => truthy(right(element))) : undefined;
      };
    case '==':
      return (item) => deepEqual(left(item), right(item));
    case '!=':
      return (item) => !deepEqual(left(item), right(item));
    case '<':
      return (item) => (compare(left(item), right(item)) ?? 0) < 0;
    case '<=':
      return (item) => (compare(left(item), right(item)) ?? 1) <= 0;
    case '>':
      return (item) => (compare(left(item), right(item)) ?? 0) > 0;
    case '>=':
      return (item) => (compare(left(item), right(item)) ?? -1) >= 0;
    case 'in':
      return (item) => contains(right(item), left(item));
    case 'contains':
      return (item) => contains(left(item), right(item));
    case 'startsWith':
      return (item) => {
        const [text, part] = strings(left(item), right(item));
        return text !== undefined && part !== undefined && text.startsWith(part);
      };
    case 'endsWith':
      return (item) => {
        const [text, part] = strings(left(item), right(item));
        return text !== undefined && part !== undefined && text.endsWith(part);
      };
    case 'before':
      return (item) => {
        const a = instantOf(left(item));
        const b = instantOf(right(item));
        return a !== undefined && b !== undefined && a < b;
      };
    case 'after':
      return (item) => {
        const a = instantOf(left(item));
        const b = instantOf(right(item));
        return a !== undefined && b !== undefined && a > b;
      };
    case '+':
      return (item) => add(left(item), right(item));
    case '-':
      return arithmetic(left, right, (a, b) => a - b);
    case '*':
      return arithmetic(left, right, (a, b) => a * b);
    case '/':
      return arithmetic(left, right, (a, b) => (b === 0 ? undefined : a / b));
    case '%':
      return arithmetic(left, right, (a, b) => (b === 0 ? undefined : a % b));
    case '^':
      return arithmetic(left, right, (a, b) => a ** b);
  }
}

function arithmetic(left: ExprFn, right: ExprFn, operate: (a: number, b: number) => number | undefined): ExprFn {
  return (item) => {
    const a = left(item);
    const b = right(item);
    // The common case, numbers on both sides, without a call.
    const x = typeof a === 'number' ? a : numberOf(a);
    const y = typeof b === 'number' ? b : numberOf(b);
    if (x === undefined || y === undefined) return undefined;
    return finite(operate(x, y));
  };
}

function finite(value: number | undefined): number | undefined {
  return value === undefined || !Number.isFinite(value) ? undefined : value;
}

/** `+`: numbers add, a string joins with a string, number or boolean, arrays concatenate. */
function add(a: unknown, b: unknown): unknown {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return finite(x + y);
  if (typeof a === 'string' || typeof b === 'string') {
    const left = textOf(a);
    const right = textOf(b);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  return undefined;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof ExactNumber) return String(value);
  return undefined;
}

/** Both sides as text for the string operators: strings, or numbers written out (`id startsWith 4`). */
function strings(a: unknown, b: unknown): [string | undefined, string | undefined] {
  return [textOf(a), textOf(b)];
}

/**
 * The order of two values, or undefined when they do not compare: numbers by value, dates (RFC 3339
 * strings or Date objects, both sides) by instant, other strings by UTF-16 code units.
 */
export function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : a === b ? 0 : undefined;
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if ((typeof a === 'string' || a instanceof Date) && (typeof b === 'string' || b instanceof Date)) {
    const ia = instantOf(a);
    const ib = instantOf(b);
    if (ia !== undefined && ib !== undefined) return ia < ib ? -1 : ia > ib ? 1 : 0;
    if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  }
  return undefined;
}

/** `container contains part`: a substring, an array element (by value), or an object key. */
function contains(container: unknown, part: unknown): boolean {
  if (typeof container === 'string') {
    const text = textOf(part);
    return text !== undefined && container.includes(text);
  }
  if (Array.isArray(container)) {
    if (typeof part !== 'object' || part === null) {
      for (const element of container) if (element === part || deepEqual(element, part)) return true;
      return false;
    }
    return container.some((element) => deepEqual(element, part));
  }
  if (isRecord(container)) {
    const key = textOf(part);
    return key !== undefined && Object.hasOwn(container, key);
  }
  return false;
}
