/**
 * What approving an external tool means: the approval is the sha256 of the command line together
 * with the path, size and modification time of the executable it starts (its first word, found as
 * the shell would find it). Editing the command line, or replacing, updating or touching the
 * executable, changes the hash and the tool must be approved again. The executable's contents are
 * not read: a request must not hash a large binary, and a changed file has a new mtime.
 */
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { delimiter, isAbsolute, resolve } from 'node:path';

export interface ToolIdentity {
  executable: string;
  hash: string;
}

/** The identity of the command line's executable, or why it cannot be found. */
export function toolIdentity(commandline: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ToolIdentity | { problem: string } {
  const program = firstWord(commandline);
  if (program === undefined) return { problem: 'is empty' };
  const found = findExecutable(program, env, cwd);
  if (found === undefined) return { problem: `starts with ${JSON.stringify(program)}, which is not a file and not found on PATH` };
  const { executable, stats } = found;
  const hash = createHash('sha256').update(JSON.stringify([commandline, executable, stats.size, stats.mtimeMs])).digest('hex');
  return { executable, hash };
}

/** The program a shell would start: the first word, unquoted when it is quoted whole. */
export function firstWord(commandline: string): string | undefined {
  const text = commandline.trimStart();
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, 1);
    return end > 1 ? text.slice(1, end) : undefined;
  }
  const word = text.split(/\s/, 1)[0];
  return word === '' ? undefined : word;
}

/** The executable's path with the stats it was found by: the hash needs no second stat. */
function findExecutable(program: string, env: NodeJS.ProcessEnv, cwd: string): { executable: string; stats: Stats } | undefined {
  const windows = process.platform === 'win32';
  const extensions = windows ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  const hasSeparator = program.includes('/') || (windows && program.includes('\\'));
  const searched = (env.PATH ?? '').split(delimiter).filter(Boolean);
  // cmd looks in the current directory before PATH; sh never does.
  const directories = hasSeparator || isAbsolute(program) ? [cwd] : windows ? [cwd, ...searched] : searched;
  for (const directory of directories) {
    for (const extension of extensions) {
      const executable = resolve(directory, program + extension);
      const stats = fileStats(executable);
      if (stats !== undefined) return { executable, stats };
    }
  }
  return undefined;
}

function fileStats(path: string): Stats | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}
