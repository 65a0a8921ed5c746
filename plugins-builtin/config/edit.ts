/**
 * `okapi config edit`: the config opens in the user's editor on a private copy, which replaces the
 * real file only if it parses and passes the config schema, so a typo never breaks okapi. The
 * user's text (comments included) is saved as written.
 *
 * A file that is already broken opens too (that is when it is needed), with what is wrong noted
 * at its top. An edit that is not valid is, on a terminal, opened again with the error noted at
 * the top, until it is valid or saved unchanged; elsewhere, or when the user gives up, the copy is
 * kept and its path printed, and okapi exits 1. The copy is removed whenever nothing is kept.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt, withForegroundProgram } from '../../sdk/interrupt.js';
import { parseArguments } from '../../sdk/arguments.js';
import { EDIT } from './arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ConfigVerb } from './verb.js';

const STARTER = '{\n  // Registered APIs: okapi api connect <name> <url>\n  "apis": {}\n}\n';

/** A POSIX shell replaces itself with the editor, so stopping what execa started stops the editor (cmd.exe has no exec). */
const EXEC = process.platform === 'win32' ? '' : 'exec ';

/** Lines okapi puts at the top of the copy; removed again before the text is saved. */
const NOTE = '// okapi: ';

export const configEdit: ConfigVerb = async (path, args, ctx, tty) => {
  parseArguments(args, EDIT);
  const editor = process.env.VISUAL || process.env.EDITOR || 'vi';
  let current: string | undefined;
  try {
    current = (await ctx.config.readText()).text;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
  const exists = current !== undefined;
  const original = current ?? STARTER;
  const dir = mkdtempSync(join(tmpdir(), 'okapi-config-'));
  const draft = join(dir, 'config.json');
  const discard = () => rmSync(dir, { recursive: true, force: true });
  // Ctrl-C while the editor runs is the editor's; at any other point it abandons the edit.
  const forget = onInterrupt(discard);
  /** Keeps the copy for the user (without okapi's notes) unless it holds nothing new. */
  const keep = (text: string): number => {
    if (text === original) {
      discard();
      ctx.stderr(exists ? `okapi: ${path} was not changed\n` : `okapi: no config file was written\n`);
    } else {
      writeFileSync(draft, text, { mode: 0o600 });
      ctx.stderr(`okapi: your edit is kept in ${draft}: fix it there and copy it over ${path}\n`);
    }
    return 1;
  };

  try {
    // execa is costly to import; it is worth it only here, off every hot path.
    const { execa } = await import('execa');
    const problemWith = (text: string) => ctx.config.validate(text);
    let shown = await withProblemNoted(original, problemWith);
    for (;;) {
      writeFileSync(draft, shown, { mode: 0o600 });
      const result = await withForegroundProgram(execa(`${EXEC}${editor} "${draft}"`, { shell: true, stdio: 'inherit', reject: false }));
      const edited = readFileSync(draft, 'utf8');
      const text = withoutNotes(edited);
      if (result.exitCode !== 0) {
        ctx.stderr(`okapi: the editor (${editor}) exited with code ${result.exitCode}; the config was not changed\n`);
        return keep(text);
      }
      const problem = await problemWith(edited);
      if (problem === undefined) {
        if (exists && text === original) {
          discard();
          ctx.stderr(`okapi: no changes to ${path}\n`);
          return 0;
        }
        try {
          await ctx.config.replace(text);
        } catch (error) {
          printCommandError(ctx.stderr, error);
          return keep(text);
        }
        discard();
        ctx.stdout(`${path}\n`);
        return 0;
      }
      ctx.stderr(`okapi: ${problem}\n`);
      // Saved unchanged: the user gives up. Without a terminal there is no one to ask again.
      if (text === withoutNotes(shown) || !tty.stdin) return keep(text);
      shown = notes(problem) + text;
    }
  } catch (error) {
    // The copy went missing (an editor that deletes and renames, say): nothing left to keep.
    discard();
    return printCommandError(ctx.stderr, error);
  } finally {
    forget();
  }
};

function notes(problem: string): string {
  const lines = [
    'not saved, this is not a valid config:',
    ...problem.split('\n'),
    'fix it and save to try again, or save it unchanged to stop; these lines are removed on save',
  ];
  return lines.map((line) => `${NOTE}${line}\n`).join('');
}

function withoutNotes(text: string): string {
  let rest = text;
  while (rest.startsWith(NOTE)) {
    const end = rest.indexOf('\n');
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  return rest;
}

/**
 * A broken file opens with what is wrong noted at its top. Line numbers in the note count the
 * lines the editor shows: the note is measured once, then worded for the text below it (the
 * second wording has as many lines as the first, so its numbers are right).
 */
async function withProblemNoted(text: string, problemWith: (text: string) => Promise<string | undefined>): Promise<string> {
  const problem = await problemWith(text);
  if (problem === undefined) return text;
  const placed = await problemWith(notes(problem) + text);
  return notes(placed ?? problem) + text;
}
