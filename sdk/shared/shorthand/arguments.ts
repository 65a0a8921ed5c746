/**
 * Shorthand typed as several command-line arguments. The shell splits `name: Alice Smith` into three
 * words, users put one field in each argument (`'a: 1' 'b: 2'`), and HTTPie users type `name=value`
 * and `n:=5`. One rule joins them into one expression, for request bodies, `config set`, `api set`
 * and setup expressions:
 *
 * - An argument that starts with a path and a `:` followed by blank space or its end (`b: 2`, `b:`,
 *   `tags[]: x`, `"my key": 1`), or with a path and `{` (`base{one: 1}`), starts a new field, as if
 *   a comma stood before it. A new line is what stands there, so a `//` comment ends with its argument.
 * - HTTPie's `name=value` (always a string) and `name:=<json>` are fields too, rewritten as shorthand.
 * - Any other argument (`Smith`, `12:30`, `http://x`) continues the value before it, after a space.
 * - An argument of one line is one-line text: a `//` in it after a value is refused rather than read
 *   as a comment (`note: see //wiki`), though a new line stands between it and the next field.
 *
 * An argument that could be read two ways is an error showing the spellings that say which is meant:
 * a field right after a `key:` still waiting for its value, an HTTPie field right after a value it
 * could continue, HTTPie's `Name:value` header and `name==value` query items in a request body, a
 * word after an HTTPie item (which ends with its argument), and a URL after a value's words (a
 * second URL, or more of the value?). A URL right after `key:` is that field's value, right after
 * `[` the array's first item.
 */

import { isCredentialName } from '../credential-names.js';
import { ShorthandError } from './errors.js';
import { leadingPathEnd, parseProgram, URL_START } from './parser.js';
import { redactKeepingLength } from '../redact.js';

export interface JoinOptions {
  /**
   * A request body, where HTTPie's `Name:value` means a header and `name==value` a query parameter:
   * both are refused with okapi's spelling. Elsewhere (config patches) they are ordinary words.
   */
  readonly requestBody: boolean;
}

type Argument =
  | { readonly kind: 'field' }
  | { readonly kind: 'word' }
  | { readonly kind: 'item'; readonly operator: '=' | ':=' | '=='; readonly path: string; readonly value: string }
  | { readonly kind: 'header'; readonly name: string; readonly value: string };

/** HTTP's token characters: what HTTPie accepts as a header name before `:`. */
const HEADER_ITEM = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):(?![\s=]|\/\/)([\s\S]+)$/;

const MASK = '***';

/** The arguments as one shorthand expression; throws a {@link ShorthandError} pointing at an ambiguous argument. */
export function joinShorthandArguments(args: readonly string[], options: JoinOptions): string {
  let text = '';
  /** The arguments so far as errors show them: after a space each, HTTPie items as typed, secrets masked. */
  let shown = '';
  /** The HTTPie item the last argument was (as errors show it), if it was one: a word cannot continue it. */
  let lastItem: string | undefined;
  /** Where the arguments of one line stand in `text`, and whether any holds a `//`. */
  const oneLine: Array<{ readonly start: number; readonly end: number }> = [];
  let slashes = false;
  for (const arg of args) {
    // Blank arguments add nothing, so they neither separate nor continue anything.
    if (arg.trim() === '') continue;
    // Blank space before a field does not hide it: ' b: 2' starts a field too.
    const argument = classify(arg.trimStart());
    const separator = text === '' ? '' : '\n';
    const argumentStart = text.length;
    const shownArgument = displayed(argument, arg);
    // An error shows the argument on the line of the value it might continue.
    const fail = (reason: string, hint: string): never => {
      const before = shown === '' ? '' : `${shown} `;
      throw new ShorthandError(reason, before.length, `${before}${shownArgument}`, { hint });
    };
    const continuable = lastItem === undefined && continuesValue(text);

    if (argument.kind === 'field') {
      if (lastItem === undefined && awaitsValue(text)) {
        fail(
          `${JSON.stringify(arg)} follows a field that has no value yet: it could be that value, or a new field`,
          `for an empty value write "" after the colon; to make it the value, quote the two together, e.g. 'key: ${JSON.stringify(arg)}'`,
        );
      }
      text += separator + arg;
      lastItem = undefined;
    } else if (argument.kind === 'item' && (argument.operator !== '==' || options.requestBody)) {
      text += separator + itemAsShorthand(argument, arg, continuable, fail);
      lastItem = shownArgument;
    } else if (argument.kind === 'header' && options.requestBody && !continuable) {
      const value = isCredentialName(argument.name) ? MASK : argument.value;
      fail(
        `${shownArgument} reads like an HTTPie header (Name:value)`,
        `okapi sends headers with -H '${argument.name}: ${value}'; for a body field, put a space after the colon: '${argument.name}: ${value}'`,
      );
    } else {
      if (lastItem !== undefined) {
        fail(
          `${JSON.stringify(arg)} cannot continue the HTTPie item ${JSON.stringify(lastItem)}: an item's value ends with its argument`,
          `quote the item with all of its words, e.g. '${lastItem} ${arg}'`,
        );
      }
      // Right after `key:` or `[` a value starts, so a URL there is that value (an array's first item).
      if (continuable && !awaitsValue(text) && lastCharacter(text) !== '[' && URL_START.test(arg.trimStart())) {
        const url = redactKeepingLength(arg.trim());
        fail(
          `${url} could continue the value before it, or be a second URL (okapi takes one, the target before the body)`,
          `to send it in that value, quote it with the value's other words; as an array's next item, end the one before with a comma; ` +
            `as a field of its own, give it one: 'callback: ${url}'`,
        );
      }
      text += (text === '' ? '' : ' ') + arg;
    }
    // A line break that only ends or opens the argument (`$'a: 1\n'`) does not make it text of lines.
    if (!arg.trim().includes('\n')) {
      oneLine.push({ start: argumentStart, end: text.length });
      slashes ||= arg.includes('//');
    }
    shown += (shown === '' ? '' : ' ') + shownArgument;
  }
  // Only the joiner knows which line breaks are the user's, so it checks the comments of one-line
  // arguments here; the parse after it reads the text as it is. Files are not read (fileRefs).
  if (slashes) parseProgram(text, { fileRefs: true }, (position) => oneLine.some(({ start, end }) => position >= start && position < end));
  return text;
}

function classify(arg: string): Argument {
  const pathEnd = leadingPathEnd(arg);
  if (pathEnd !== undefined) {
    let next = pathEnd;
    while (arg.charAt(next) === ' ' || arg.charAt(next) === '\t') next++;
    const char = arg.charAt(next);
    if (char === '{' || (char === ':' && (next + 1 === arg.length || /\s/.test(arg.charAt(next + 1))))) return { kind: 'field' };
  }
  const item = httpieItem(arg);
  if (item !== undefined) return item;
  const header = HEADER_ITEM.exec(arg);
  if (header !== null) return { kind: 'header', name: header[1]!, value: header[2]! };
  return { kind: 'word' };
}

/** `path=value`, `path:=json` or `path==value`, split at the first `=` as HTTPie does; the path must be a whole shorthand path. */
function httpieItem(arg: string): Argument | undefined {
  const equals = arg.indexOf('=');
  if (equals <= 0) return undefined;
  const json = arg.charAt(equals - 1) === ':';
  const query = !json && arg.charAt(equals + 1) === '=';
  const path = arg.slice(0, json ? equals - 1 : equals);
  if (path === '' || leadingPathEnd(path) !== path.length) return undefined;
  const operator = json ? ':=' : query ? '==' : '=';
  return { kind: 'item', operator, path, value: arg.slice(equals + (query ? 2 : 1)) };
}

/** Whether the text so far ends with `key:` and nothing after it. */
function awaitsValue(text: string): boolean {
  return lastCharacter(text) === ':';
}

/** Whether the text so far ends inside a value (or right after `key:`), which a following word would continue. */
function continuesValue(text: string): boolean {
  const last = lastCharacter(text);
  return last !== '' && last !== ',' && last !== '\n';
}

/** The last character before any trailing spaces, tabs and carriage returns; '' when there is none. */
function lastCharacter(text: string): string {
  let end = text.length;
  while (end > 0 && ' \t\r'.includes(text.charAt(end - 1))) end--;
  return text.charAt(end - 1);
}

function itemAsShorthand(
  item: Extract<Argument, { kind: 'item' }>,
  arg: string,
  continuable: boolean,
  fail: (reason: string, hint: string) => never,
): string {
  const { operator, path, value } = item;
  const shown = displayed(item, arg);
  if (operator === '==') {
    const queryValue = isCredentialName(path) ? MASK : value;
    return fail(
      `${shown} is HTTPie's spelling of a query parameter`,
      `okapi adds query parameters with -q '${path}=${queryValue}'; to send the text in the body, quote it with its field, e.g. 'field: ${shown}'`,
    );
  }
  if (operator === '=' && value.startsWith('@')) {
    return fail(
      `${shown} would embed a file the HTTPie way, which okapi does not do`,
      `okapi reads a file with @ in shorthand: '${path}: ${value}' (JSON, YAML and CBOR files are parsed, UTF-8 text becomes a string)`,
    );
  }
  const shorthand = operator === '=' ? `${path}: ${JSON.stringify(value)}` : `${path}: ${value}`;
  if (continuable) {
    return fail(
      `${shown} could continue the value before it, or be a new field written the HTTPie way`,
      `for a new field, write it as shorthand: '${isCredentialName(path) ? `${path}: ${MASK}` : shorthand}'; ` +
        "to continue the value, quote it with the value's other words",
    );
  }
  if (operator === ':=' && !value.startsWith('@')) {
    try {
      JSON.parse(value);
    } catch (error) {
      const why = isCredentialName(path) ? '' : ` (${(error as Error).message})`;
      return fail(
        `the value of ${path}:= is not JSON${why}`,
        `for text, write ${path}=<text>, or in shorthand '${path}: <text>'`,
      );
    }
  }
  return shorthand;
}

/** The argument as an error may show it: values of credential-looking names are masked. */
function displayed(argument: Argument, arg: string): string {
  if (argument.kind === 'item' && isCredentialName(argument.path)) return `${argument.path}${argument.operator}${MASK}`;
  if (argument.kind === 'header' && isCredentialName(argument.name)) return `${argument.name}:${MASK}`;
  return arg;
}
