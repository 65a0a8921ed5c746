/**
 * Reading an API's command table file (layout: sdk/shared/operation-detail-format.ts) piece by
 * piece: the preamble and the table, then one operation's record and the shared schemas it names.
 * The file stays open between the two reads, so an `api sync` that replaces it in between cannot
 * mix one file's table with the other's records.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { apiCacheFiles } from './cache-paths.js';
import { COMMAND_TABLE_FORMAT, COMMAND_TABLE_MAGIC, type CommandEntry, type CommandTable, type OperationDetail, type Schema, type StoredRecord } from '../../sdk/shared/operation-detail-format.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';

/** Long enough for the magic word, the format and three byte counts. */
const PREAMBLE_LIMIT = 96;

interface OpenTable {
  fd: number;
  table: CommandTable;
  routesAt: [number, number];
  recordsStart: number;
}

const open = new Map<string, OpenTable>();

/**
 * The command table of an API, or undefined when there is none or it cannot be read (it is then
 * rebuilt). With `summaries`, each entry has its summary too (for listings: help, completion).
 */
export function readCommandTable(cacheDir: string, api: string, options: { summaries?: boolean } = {}): CommandTable | undefined {
  const path = apiCacheFiles(cacheDir, api).commands;
  close(path);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.alloc(PREAMBLE_LIMIT);
    readSync(fd, head, 0, PREAMBLE_LIMIT, 0);
    const end = head.indexOf(0x0a);
    const [magic, format, tableLength, summariesLength, routesLength] = head.toString('latin1', 0, end === -1 ? 0 : end).split(' ');
    if (magic !== COMMAND_TABLE_MAGIC || Number(format) !== COMMAND_TABLE_FORMAT) throw new Error('not a command table of this format');
    const tableBytes = Number(tableLength);
    const summaryBytes = Number(summariesLength);
    const routeBytes = Number(routesLength);
    const table = JSON.parse(readAt(fd, end + 1, tableBytes).toString('utf8')) as CommandTable;
    if (!isPlainObject(table) || !Array.isArray(table.commands) || !isPlainObject(table.key)) throw new Error('damaged');
    const summariesAt = end + 1 + tableBytes;
    if (options.summaries) {
      const summaries = JSON.parse(readAt(fd, summariesAt, summaryBytes).toString('utf8')) as (string | null)[];
      table.commands.forEach((command, i) => {
        const summary = summaries[i];
        if (typeof summary === 'string') command.summary = summary;
      });
    }
    const routesAt = summariesAt + summaryBytes;
    open.set(path, {
      fd,
      table,
      routesAt: [routesAt, routeBytes],
      recordsStart: routesAt + routeBytes,
    });
    return table;
  } catch {
    closeSync(fd);
    return undefined; // a damaged cache file is a missing one: it is rebuilt
  }
}

/** One operation's details, with the shared schemas it reaches, from the table read last. */
export function readOperationDetail(cacheDir: string, api: string, command: CommandEntry): OperationDetail {
  const path = apiCacheFiles(cacheDir, api).commands;
  const file = open.get(path) ?? (readCommandTable(cacheDir, api) ? open.get(path) : undefined);
  if (!file) throw new OkapiError(`the command table of ${api} is missing`, { hint: `run: okapi api sync ${api}` });
  const [offset, length] = Array.isArray(command.at) ? command.at : [NaN, NaN];
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length <= 0) {
    throw new OkapiError(`there is no operation at ${JSON.stringify(command.at)} in the command table of ${api}`);
  }
  try {
    const { refs, ...stored } = JSON.parse(readAt(file.fd, file.recordsStart + offset, length).toString('utf8')) as StoredRecord;
    const definitions: Record<string, Schema> = {};
    for (const [pointer, at, size] of refs ?? []) definitions[pointer] = JSON.parse(readAt(file.fd, file.recordsStart + at, size).toString('utf8'));
    return { ...stored, definitions };
  } catch (error) {
    if (error instanceof OkapiError) throw error;
    throw new OkapiError(`the command table of ${api} is damaged (${command.name}: ${error instanceof Error ? error.message : String(error)})`, {
      hint: `run: okapi api sync ${api}`,
    });
  }
}

/** Each command's method (upper case) and path template, in the table's order, from the table read last. */
export function readRoutes(cacheDir: string, api: string): [method: string, path: string][] | undefined {
  const file = open.get(apiCacheFiles(cacheDir, api).commands);
  if (!file) return undefined;
  try {
    const routes = JSON.parse(readAt(file.fd, file.routesAt[0], file.routesAt[1]).toString('utf8')) as [string, string][];
    return Array.isArray(routes) && routes.length === file.table.commands.length ? routes : undefined;
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
