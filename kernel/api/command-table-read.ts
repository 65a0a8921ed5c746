/**
 * Reading an API's command table file (layout: sdk/shared/operation-detail-format.ts) piece by
 * piece: the preamble and the head, every command's entry or only those a call names, then one
 * operation's record and the shared schemas it names. The file stays open between the reads, so an
 * `api sync` that replaces it in between cannot mix one file's table with the other's records.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fileIdentity, identityOf } from '../config/file-identity.js';
import { apiCacheFiles } from './cache-paths.js';
import {
  COMMAND_TABLE_FORMAT,
  COMMAND_TABLE_MAGIC,
  type CommandEntry,
  type CommandTable,
  type OperationDetail,
  type Schema,
  type StoredRecord,
  type TagEntry,
} from '../../sdk/shared/operation-detail-format.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';

/** Long enough for the magic word, the format and five byte counts. */
const PREAMBLE_LIMIT = 128;

const NEWLINE = 0x0a;

export interface CommandTableReading {
  /** Each entry with its summary too (for listings: help, completion). */
  summaries?: boolean;
  /** Only the commands whose name or an alias is one of these words (what a call needs). */
  named?: readonly string[];
}

interface OpenTable {
  fd: number;
  /** The file as it was opened: a later read of the same path reuses it while the path still names it. */
  identity: string;
  /** Parsed once; each reading gets its own copy of the top level (`commands` differs between them). */
  head: Omit<CommandTable, 'commands' | 'tags'>;
  /** Read with the rest, so a reading keeps them when the file is replaced; parsed when first asked for (a call never asks). */
  tagText: Buffer;
  tags: TagEntry[] | undefined;
  commandText: Buffer;
  summariesAt: [number, number];
  /** How many commands the file holds; known once every entry was read. */
  count: number | undefined;
  routesAt: [number, number];
  recordsStart: number;
  /** Records parsed so far, by offset: a call reads its operation's twice (the command, then the request's security). */
  records: Map<number, StoredRecord>;
}

const open = new Map<string, OpenTable>();

/**
 * The command table of an API, or undefined when there is none or it cannot be read (it is then
 * rebuilt). A call reads it twice (the command plugin, then the request's security): the second
 * read reuses the bytes of the first while the file is the same one.
 */
export function readCommandTable(cacheDir: string, api: string, options: CommandTableReading = {}): CommandTable | undefined {
  const path = apiCacheFiles(cacheDir, api).commands;
  const file = reusable(path) ?? openTable(path);
  if (!file) return undefined;
  try {
    const table = { ...file.head } as CommandTable;
    Object.defineProperty(table, 'tags', { enumerable: true, configurable: true, get: () => tagsOf(file, api) });
    const found = options.named ? commandsNamed(file.commandText, options.named, options.summaries === true) : undefined;
    const commands = found ? found.map(({ entry }) => entry) : (JSON.parse(file.commandText.toString('utf8')) as CommandEntry[]);
    if (!Array.isArray(commands)) throw new Error('damaged');
    table.commands = commands;
    if (options.summaries) {
      const summaries = JSON.parse(readAt(file.fd, ...file.summariesAt).toString('utf8')) as (string | null)[];
      commands.forEach((command, i) => {
        const summary = summaries[found ? found[i]!.position! : i];
        if (typeof summary === 'string') command.summary = summary;
      });
    }
    if (!found) file.count = commands.length;
    return table;
  } catch {
    close(path);
    return undefined; // a damaged cache file is a missing one: it is rebuilt
  }
}

/** The table opened before, when the path still names that file (an `api sync` may have replaced it). */
function reusable(path: string): OpenTable | undefined {
  const file = open.get(path);
  if (!file) return undefined;
  if (fileIdentity(path) === file.identity) return file;
  close(path);
  return undefined;
}

/** The table's tags, read when first asked for; damaged, they fail the reading that asked, as a damaged record does. */
function tagsOf(file: OpenTable, api: string): TagEntry[] {
  if (file.tags) return file.tags;
  let tags: unknown;
  try {
    tags = JSON.parse(file.tagText.toString('utf8'));
  } catch (error) {
    tags = error;
  }
  if (!Array.isArray(tags)) {
    throw new OkapiError(`the command table of ${api} is damaged (its tags: ${tags instanceof Error ? tags.message : 'not a list'})`, { hint: `run: okapi api sync ${api}` });
  }
  file.tags = tags as TagEntry[];
  return file.tags;
}

function openTable(path: string): OpenTable | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const preamble = Buffer.alloc(PREAMBLE_LIMIT);
    readSync(fd, preamble, 0, PREAMBLE_LIMIT, 0);
    const end = preamble.indexOf(NEWLINE);
    const [magic, format, ...lengths] = preamble.toString('latin1', 0, end === -1 ? 0 : end).split(' ');
    if (magic !== COMMAND_TABLE_MAGIC || Number(format) !== COMMAND_TABLE_FORMAT || lengths.length !== 5) throw new Error('not a command table of this format');
    const [headBytes, tagBytes, commandBytes, summaryBytes, routeBytes] = lengths.map(Number) as [number, number, number, number, number];
    const tagsAt = end + 1 + headBytes;
    const commandsAt = tagsAt + tagBytes;
    const summariesAt = commandsAt + commandBytes;
    const routesAt = summariesAt + summaryBytes;
    const head = JSON.parse(readAt(fd, end + 1, headBytes).toString('utf8')) as CommandTable;
    if (!isPlainObject(head) || !isPlainObject(head.key)) throw new Error('damaged');
    const file: OpenTable = {
      fd,
      identity: identityOf(fstatSync(fd)),
      head,
      tagText: readAt(fd, tagsAt, tagBytes),
      tags: undefined,
      commandText: readAt(fd, commandsAt, commandBytes),
      summariesAt: [summariesAt, summaryBytes],
      count: undefined,
      routesAt: [routesAt, routeBytes],
      recordsStart: routesAt + routeBytes,
      records: new Map(),
    };
    open.set(path, file);
    return file;
  } catch {
    closeSync(fd);
    return undefined;
  }
}

/**
 * The entries whose name or an alias is one of `words`, in table order: only the lines that hold
 * a word as a JSON string are parsed. With `positions`, each one's place in the table too.
 */
function commandsNamed(text: Buffer, words: readonly string[], positions: boolean): { entry: CommandEntry; position?: number }[] {
  const lines = new Set<number>();
  for (const word of words) {
    const needle = Buffer.from(JSON.stringify(word));
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) lines.add(text.lastIndexOf(NEWLINE, at) + 1);
  }
  const found: { entry: CommandEntry; position?: number }[] = [];
  for (const start of [...lines].sort((a, b) => a - b)) {
    const lineEnd = text.indexOf(NEWLINE, start);
    const line = text.toString('utf8', start, lineEnd === -1 ? text.length : lineEnd).replace(/,$/, '');
    const entry = JSON.parse(line) as CommandEntry;
    if (!isPlainObject(entry)) throw new Error('damaged');
    if (words.includes(entry.name) || entry.aliases?.some((alias) => words.includes(alias))) found.push(positions ? { entry, position: lineNumber(text, start) - 1 } : { entry });
  }
  return found;
}

/** How many lines come before the one starting at `start`: the first line of the section is `[`, so line n holds command n - 1. */
function lineNumber(text: Buffer, start: number): number {
  let count = 0;
  for (let at = text.indexOf(NEWLINE); at !== -1 && at < start; at = text.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

/** One operation's details, with the shared schemas it reaches, from the table read last. */
export function readOperationDetail(cacheDir: string, api: string, command: CommandEntry): OperationDetail {
  const { refs, ...stored } = readOperationRecord(cacheDir, api, command);
  const file = open.get(apiCacheFiles(cacheDir, api).commands)!;
  try {
    const definitions: Record<string, Schema> = {};
    for (const [pointer, at, size, exact] of refs ?? []) definitions[pointer] = parseRecord(readAt(file.fd, file.recordsStart + at, size).toString('utf8'), exact);
    return { ...stored, definitions };
  } catch (error) {
    throw damaged(api, command, error);
  }
}

/**
 * One operation's record as stored, its shared schemas named but not read: what a request needs
 * of it (its security) without parsing the schemas its body and parameters reach.
 */
export function readOperationRecord(cacheDir: string, api: string, command: CommandEntry): StoredRecord {
  const path = apiCacheFiles(cacheDir, api).commands;
  const file = open.get(path) ?? (readCommandTable(cacheDir, api) ? open.get(path) : undefined);
  if (!file) throw new OkapiError(`the command table of ${api} is missing`, { hint: `run: okapi api sync ${api}` });
  const [offset, length] = Array.isArray(command.at) ? command.at : [NaN, NaN];
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length <= 0) {
    throw new OkapiError(`there is no operation at ${JSON.stringify(command.at)} in the command table of ${api}`);
  }
  try {
    const known = file.records.get(offset);
    if (known) return known;
    const record = parseRecord(readAt(file.fd, file.recordsStart + offset, length).toString('utf8'), command.exact) as StoredRecord;
    file.records.set(offset, record);
    return record;
  } catch (error) {
    throw damaged(api, command, error);
  }
}

/**
 * Only a record marked as holding a number a double would change pays parseJsonExact's scan (in a
 * fresh process, 3.8 ms for DigitalOcean's largest record, 60 KB, against 0.4 ms); the rest are
 * read as fast as ever.
 */
function parseRecord(text: string, exact: boolean | undefined): unknown {
  return exact === true ? parseJsonExact(text) : JSON.parse(text);
}

function damaged(api: string, command: CommandEntry, error: unknown): OkapiError {
  return new OkapiError(`the command table of ${api} is damaged (${command.name}: ${error instanceof Error ? error.message : String(error)})`, {
    hint: `run: okapi api sync ${api}`,
  });
}

/**
 * Each command's method (upper case) and path template, in the table's order, from the table read
 * last, which must have been read whole.
 */
export function readRoutes(cacheDir: string, api: string): [method: string, path: string][] | undefined {
  const file = open.get(apiCacheFiles(cacheDir, api).commands);
  if (!file || file.count === undefined) return undefined;
  try {
    const routes = JSON.parse(readAt(file.fd, file.routesAt[0], file.routesAt[1]).toString('utf8')) as [string, string][];
    return Array.isArray(routes) && routes.length === file.count ? routes : undefined;
  } catch {
    return undefined;
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new Error('the file ends early');
    done += n;
  }
  return buffer;
}

function close(path: string): void {
  const file = open.get(path);
  if (!file) return;
  open.delete(path);
  closeSync(file.fd);
}
