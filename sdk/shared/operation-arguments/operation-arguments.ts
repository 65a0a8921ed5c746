/**
 * What a generated command takes on its command line, from the operation's details (SPEC.md
 * "Generated operation commands" items 2, 3, 8, 15): required path parameters in the order the path
 * template names them, then the other required parameters in document order, are positional
 * arguments; optional ones are flags, array ones repeatable. The operations plugin's parser and
 * help, and completion, all read this: one naming for every place a user meets it.
 */
import type { DetailParameter, OperationDetail } from '../operation-detail-format.js';
import { argumentNames } from './argument-names.js';
import { closedEnum } from './closed-enum.js';
import { valueType } from './value-type.js';

export interface OperationArgument {
  param: DetailParameter;
  /** The name on the command line: `--<name>` for a flag, `<name>` for a positional. */
  name: string;
  /** An array parameter: the flag may be given more than once, each value kept in order. */
  repeatable: boolean;
  /** What one value is, for help and messages: `integer`, `json`; an array's items' type. */
  valueType: string;
  /** A boolean parameter: `--name` alone is `true`, `--name=false` says false. */
  boolean: boolean;
  /** Values outside these are refused before anything is sent; absent: any value. */
  allowed?: string[];
}

export interface OperationArguments {
  /** The command as users type it after `okapi`, e.g. `petstore list-pets`: messages name it. */
  command: string;
  positionals: OperationArgument[];
  flags: OperationArgument[];
  /** The operation takes a request body: words after the positionals are its shorthand. */
  body: boolean;
}

/** Header parameters a generated command never takes: okapi sets them from `-c`, the response format and auth. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export interface Invocation {
  /** The API's name; left out, messages name the command alone. */
  api?: string;
  /** The command words after the API name (`pets list` with `command_layout: tags`); default `detail.name`. */
  command?: string;
}

export function operationArguments(detail: OperationDetail, invocation: Invocation = {}): OperationArguments {
  const params = detail.parameters.filter((p) => !p.ignored && !(p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())));
  const names = argumentNames(params);
  const all = params.map((param, i): OperationArgument => {
    const allowed = closedEnum(param, detail.definitions);
    return {
      param,
      name: names[i]!,
      repeatable: param.array === true,
      valueType: valueType(param, detail.definitions),
      boolean: param.type === 'boolean' && param.content_type === undefined,
      ...(allowed ? { allowed } : {}),
    };
  });
  const required = all.filter((a) => isRequired(a.param));
  const inPath = required.filter((a) => a.param.in === 'path');
  const placed = (a: OperationArgument) => {
    const at = detail.path.indexOf(`{${a.param.name}}`);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  // A stable sort: path parameters the template does not name keep their document order, last.
  const pathOrder = [...inPath].sort((a, b) => placed(a) - placed(b));
  const command = invocation.command ?? detail.name;
  return {
    command: invocation.api === undefined ? command : `${invocation.api} ${command}`,
    positionals: [...pathOrder, ...required.filter((a) => a.param.in !== 'path')],
    flags: all.filter((a) => !isRequired(a.param)),
    body: detail.body !== undefined,
  };
}

/** Path parameters are required whatever the document says: a path cannot be built without them. */
function isRequired(param: DetailParameter): boolean {
  return param.required === true || param.in === 'path';
}
