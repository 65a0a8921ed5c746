/**
 * `okapi config edit`: the config opens in the user's editor on a private copy; it replaces the
 * real file only if it still parses, so a typo never breaks okapi. The user's text (comments
 * included) is saved as written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replaceConfigText } from '../../kernel/config/store.js';
import { fail, type ConfigVerb } from './verb.js';

const STARTER = '{\n  // Registered APIs: okapi api connect <name> <url>\n  "apis": {}\n}\n';

export const configEdit: ConfigVerb = async (path, args, ctx) => {
  if (args.length > 0) {
    ctx.stderr(`okapi: config edit takes no arguments, got "${args[0]}"\n`);
    return 2;
  }
  const editor = process.env.VISUAL || process.env.EDITOR || 'vi';
  const original = existsSync(path) ? readFileSync(path, 'utf8') : STARTER;
  const dir = mkdtempSync(join(tmpdir(), 'okapi-config-'));
  const draft = join(dir, 'config.json');
  writeFileSync(draft, original, { mode: 0o600 });
  try {
    // execa is costly to import; it is worth it only here, off every hot path.
    const { execa } = await import('execa');
    const result = await execa(`${editor} "${draft}"`, { shell: true, stdio: 'inherit', reject: false });
    if (result.exitCode !== 0) {
      ctx.stderr(`okapi: the editor (${editor}) exited with code ${result.exitCode}; the config was not changed\n`);
      return 1;
    }
    const edited = readFileSync(draft, 'utf8');
    if (edited === original && existsSync(path)) {
      ctx.stderr(`okapi: no changes to ${path}\n`);
      return 0;
    }
    await replaceConfigText(path, edited);
    ctx.stdout(`${path}\n`);
    rmSync(dir, { recursive: true, force: true });
    return 0;
  } catch (error) {
    const code = fail(ctx, error);
    ctx.stderr(`okapi: your edit is kept in ${draft}; fix it and copy it over, or run okapi config edit again\n`);
    return code;
  }
};
