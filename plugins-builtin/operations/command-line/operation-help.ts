/**
 * `okapi <api> <command> --help`: everything needed to call one operation, from its details alone
 * (SPEC.md "Generated operation commands" items 6, 13, 15; issue #14 item 5). It reads the
 * operation's details and the schemas they reach, never the document, and every part is bounded
 * (schema-outline.ts), so its cost is one operation's whatever the API's size.
 *
 * Text from the document is shown as written, but its control characters are made visible: a
 * description cannot steer the terminal.
 */
import type { BodyContent, DetailParameter, OperationDetail, ResponseDetail } from '../../../sdk/shared/operation-detail-format.js';
import { isPlainObject } from '../../../sdk/shared/plain-object.js';
import { isExactNumeric } from '../../../sdk/shared/exact-number.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import { visibleControls } from '../../../sdk/shared/terminal-text.js';
import { bodyFormatOf, defaultContent, isJsonMediaType } from '../body/media-type-choice.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';
import type { OperationArgument, OperationArguments } from '../../../sdk/shared/operation-arguments/operation-arguments.js';
import { COMMAND_FLAGS } from './parse-operation-arguments.js';
import { schemaOutline, type OutlineLine } from './schema-outline.js';
import { wrapAfter, wrapText } from './wrap-text.js';

export interface OperationHelpInput {
  api: string;
  detail: OperationDetail;
  args: OperationArguments;
  /** Columns to wrap to; default 80. */
  width?: number;
  /** Why okapi cannot serialize a parameter as the document asks (its style), if it cannot. */
  unsupported?: (param: DetailParameter) => string | undefined;
}

const DETAIL_INDENT = '      ';
/** Narrower than this and nothing reads well; wider and lines are hard to follow. */
const MIN_WIDTH = 40;

export function renderOperationHelp(input: OperationHelpInput): string {
  const { api, detail, args } = input;
  const width = Math.max(MIN_WIDTH, input.width ?? 80);
  const command = `${api} ${commandWords(args, api)}`;
  const out: string[] = [];
  const section = (title: string, lines: string[]) => {
    if (lines.length > 0) out.push('', title, ...lines);
  };

  if (detail.deprecated) out.push('DEPRECATED: the API marks this operation deprecated; it may be removed.', '');
  out.push(...wrapText(`Usage: ${usageLine(command, args)}`, width), '', `${detail.method.toUpperCase()} ${detail.path}`);
  if (detail.summary) out.push(...wrapText(detail.summary, width));
  if (detail.description && detail.description.trim() !== detail.summary?.trim()) out.push('', ...wrapText(detail.description, width));
  if (detail.aliases && detail.aliases.length > 0) out.push('', ...wrapText(`Aliases: ${detail.aliases.join(', ')}`, width));

  section('Arguments:', args.positionals.flatMap((a) => argumentEntry(a, `<${a.name}>`, width, input.unsupported)));
  section(
    'Flags:',
    args.flags.filter((a) => !a.param.hidden).flatMap((a) => argumentEntry(a, flagSpelling(a), width, input.unsupported)),
  );
  if (detail.body) section(`Request body${detail.body.required ? ' (required)' : ''}:`, bodyLines(detail, command, width));
  section('Responses:', detail.responses.flatMap((r) => responseLines(r, width)));
  // What okapi could not use (a `$ref` to nothing, say): the command works without it, and says so.
  section('Not usable in the description:', (detail.problems ?? []).flatMap((p) => wrapAfter('  - ', p, width, '    ')));
  section('Example:', wrapText(exampleInvocation(command, detail, args), width, '  '));
  section('Command flags:', commandFlagLines(detail, width));
  out.push('', ...wrapText("Global flags (-o, -f, -H, -q, -c, -v, …) apply too: 'okapi --help' lists them.", width));
  return visibleControls(`${out.join('\n')}\n`);
}

/** The command words after the API's name, however the arguments were made. */
function commandWords(args: OperationArguments, api: string): string {
  return args.command.startsWith(`${api} `) ? args.command.slice(api.length + 1) : args.command;
}

function usageLine(command: string, args: OperationArguments): string {
  return [
    'okapi',
    command,
    ...args.positionals.map((a) => `<${a.name}>`),
    ...(args.flags.some((a) => !a.param.hidden) ? ['[flags]'] : []),
    ...(args.body ? ['[body...]'] : []),
  ].join(' ');
}

function flagSpelling(argument: OperationArgument): string {
  if (argument.boolean) return `--${argument.name}[=false]`;
  return `--${argument.name} <${argument.valueType}>${argument.repeatable ? '...' : ''}`;
}

/** One argument or flag: its spelling and facts, then its description, wrapped. */
function argumentEntry(
  argument: OperationArgument,
  spelling: string,
  width: number,
  unsupported: OperationHelpInput['unsupported'],
): string[] {
  const { param } = argument;
  const facts: string[] = [`${param.in} parameter ${JSON.stringify(param.name)}`];
  // A flag's placeholder already says its type.
  if (spelling.startsWith('<')) facts.unshift(argument.repeatable ? `array of ${argument.valueType}` : argument.valueType);
  if (param.content_type !== undefined) facts.push(`sent as ${param.content_type}`);
  else if (argument.repeatable && spelling.startsWith('--')) facts.push('repeatable: one value each time');
  if (param.style !== undefined) facts.push(`style ${param.style}${param.explode === undefined ? '' : `, explode ${param.explode}`}`);
  else if (param.explode !== undefined) facts.push(`explode ${param.explode}`);
  if (argument.allowed) facts.push(`one of: ${argument.allowed.join(', ')}`);
  if (param.default !== undefined) facts.push(`default ${valueText(param.default)}`);
  if (param.deprecated) facts.push('DEPRECATED');
  if (param.hidden) facts.push('hidden');
  const problem = unsupported?.(param);
  if (problem !== undefined) facts.push(`NOT SUPPORTED: ${problem}`);
  const description = param.long_description ?? param.description;
  return [
    ...wrapAfter(`  ${spelling}  `, facts.join('; '), width, DETAIL_INDENT),
    ...(description ? wrapText(description, width, DETAIL_INDENT) : []),
  ];
}

function bodyLines(detail: OperationDetail, command: string, width: number): string[] {
  const body = detail.body!;
  const chosen = defaultContent(body.contents);
  const lines: string[] = [];
  if (chosen !== undefined) {
    const others = body.contents.filter((c) => c !== chosen).map((c) => c.media_type);
    lines.push(...wrapText(`Sent as ${chosen.media_type}${others.length > 0 ? `; -c picks another: ${others.join(', ')}` : ''}.`, width, '  '));
    lines.push(...wrapText(howToGive(chosen), width, '  '));
  }
  if (body.description) lines.push(...wrapText(body.description, width, '  '));
  const parts = Object.entries(chosen?.encoding ?? {}).filter(([, e]) => e.content_type !== undefined);
  if (parts.length > 0) lines.push(...wrapAfter('  Parts sent as: ', parts.map(([name, e]) => `${name} ${e.content_type}`).join(', '), width, '    '));
  if (chosen?.schema !== undefined) {
    const outline = schemaOutline(chosen.schema, detail.definitions);
    if (outline.lines.length > 0) lines.push('', `  Fields${body.contents.length > 1 ? ` (${chosen.media_type})` : ''}:`, ...outlineLines(outline.lines, width));
    if (outline.truncated) {
      lines.push(...wrapText(`… more not shown: 'okapi ${command} --${COMMAND_FLAGS.generateBody}' prints a whole example body.`, width, '    '));
    }
  }
  return lines;
}

function howToGive(content: BodyContent): string {
  switch (bodyFormatOf(content.media_type)) {
    case 'json':
    case 'yaml':
    case 'cbor':
      return "Give it as shorthand after the arguments ('name: Rex, tags[]: a'), on stdin, or both.";
    case 'form':
    case 'multipart':
      return "Give its fields as shorthand after the arguments ('name: Rex'); a field's @file value sends that file.";
    case 'raw':
      return 'Give it as text after the arguments, as @file to send a file, or on stdin; it is sent as it is.';
  }
}

/** Outline lines, keys aligned within the help's width, descriptions cut to one line. */
function outlineLines(lines: OutlineLine[], width: number): string[] {
  const column = Math.min(32, Math.max(...lines.map((l) => 2 * l.level + l.key.length)));
  return lines.map((l) => {
    const key = `${'  '.repeat(l.level)}${l.key}`;
    const head = `    ${l.info === '' ? key : `${key.padEnd(column)}  ${l.info}`}`;
    if (l.description === undefined) return head;
    const room = width - head.length - 2;
    if (room < 12) return head;
    const text = l.description.length > room ? `${l.description.slice(0, room - 1)}…` : l.description;
    return `${head}  ${text}`;
  });
}

function responseLines(response: ResponseDetail, width: number): string[] {
  const head = `  ${response.status.padEnd(7)}  `;
  const hang = ' '.repeat(head.length);
  const types = (response.media_types ?? []).join(', ');
  const what = response.description === undefined ? '' : firstLine(response.description);
  const text = what !== '' && types !== '' ? `${what} (${types})` : what || types || 'no body';
  const lines = wrapAfter(head, text, width, hang);
  if (response.headers && response.headers.length > 0) lines.push(...wrapAfter(`${hang}headers: `, response.headers.join(', '), width, `${hang}  `));
  return lines;
}

function commandFlagLines(detail: OperationDetail, width: number): string[] {
  const json = detail.body?.contents.some((c) => isJsonMediaType(mediaTypeEssence(c.media_type))) ?? false;
  const entries: [string, string][] = [[`-h, --${COMMAND_FLAGS.help}`, 'show this help']];
  if (detail.body) entries.push([`--${COMMAND_FLAGS.generateBody}`, 'print an example request body and send nothing']);
  if (json) entries.push([`--${COMMAND_FLAGS.validate}`, 'check the JSON body against its schema before sending']);
  const column = Math.max(...entries.map(([f]) => f.length));
  return entries.flatMap(([flag, what]) => wrapAfter(`  ${flag.padEnd(column)}  `, what, width, ' '.repeat(column + 4)));
}

/** `okapi petstore get-pet 42 --status available 'name: Rex'`: positionals, then a body from its example. */
function exampleInvocation(command: string, detail: OperationDetail, args: OperationArguments): string {
  const words = ['okapi', command, ...args.positionals.map((a) => shellQuote(exampleValue(a)))];
  const content = detail.body ? defaultContent(detail.body.contents) : undefined;
  const shorthand = content && isJsonMediaType(mediaTypeEssence(content.media_type)) ? shorthandOf(content.example) : undefined;
  if (shorthand !== undefined) words.push(shellQuote(shorthand));
  return words.join(' ');
}

function exampleValue(argument: OperationArgument): string {
  const { param } = argument;
  for (const value of [param.example, param.default, argument.allowed?.[0]]) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || isExactNumeric(value)) return String(value);
  }
  return `<${argument.name}>`;
}

/** A body example of a few plain fields as shorthand; anything subtler is left to --okapi-generate-body. */
function shorthandOf(example: unknown): string | undefined {
  if (!isPlainObject(example)) return undefined;
  const fields: string[] = [];
  for (const [key, value] of Object.entries(example)) {
    if (fields.length === 4) break;
    if (!/^[A-Za-z_][\w-]*$/.test(key)) continue;
    if (typeof value === 'number' || typeof value === 'boolean' || isExactNumeric(value)) fields.push(`${key}: ${String(value)}`);
    // A string that shorthand would read as something else (a number, true, null, syntax) is left out.
    else if (typeof value === 'string' && /^[A-Za-z][\w .@-]*$/.test(value) && !/^(true|false|null)$/.test(value) && value.trim() === value) {
      fields.push(`${key}: ${value}`);
    }
  }
  return fields.length > 0 ? fields.join(', ') : undefined;
}

function shellQuote(word: string): string {
  if (/^<[^>]*>$/.test(word) || /^[\w./:@=+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function valueText(value: unknown): string {
  // A default a double cannot hold (`9223372036854775807`) is shown as the description wrote it.
  const text = typeof value === 'string' ? value : stringifyJson(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function firstLine(text: string): string {
  return text.trim().split(/\r?\n/, 1)[0]!.trim();
}
