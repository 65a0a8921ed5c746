import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBrowser } from '../../../../plugins-builtin/oauth-authorization-code/open-browser.js';
import { fileWritten } from '../../../helpers/processes.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const URL_WITH_SHELL_WORDS = "https://idp.test/authorize?client_id=c&state=a$b`c`'d";

/** A browser command that writes its arguments, one a line, to a file. */
function recordingBrowser(): { command: string; arguments: () => Promise<string[]> } {
  const dir = tempDir();
  const out = join(dir, 'arguments');
  const script = join(dir, 'browser.sh');
  writeFileSync(script, `printf '%s\\n' "$@" > '${out}.part' && mv '${out}.part' '${out}'\n`);
  return { command: `/bin/sh '${script}'`, arguments: async () => (await fileWritten(out)).trimEnd().split('\n') };
}

describe.skipIf(process.platform === 'win32')('opening the browser', () => {
  it('runs the BROWSER command with its own arguments and the URL last, the URL never read by the shell', async () => {
    const browser = recordingBrowser();
    const told: string[] = [];
    openBrowser(URL_WITH_SHELL_WORDS, (message) => told.push(message), { BROWSER: `${browser.command} --new-window` });
    expect(await browser.arguments()).toEqual(['--new-window', URL_WITH_SHELL_WORDS]);
    expect(told).toEqual([]);
  });

  it('puts the URL in place of %s', async () => {
    const browser = recordingBrowser();
    openBrowser(URL_WITH_SHELL_WORDS, () => undefined, { BROWSER: `${browser.command} --url=%s --private` });
    expect(await browser.arguments()).toEqual([`--url=${URL_WITH_SHELL_WORDS}`, '--private']);
  });

  it('reports a browser command that fails, so the user opens the URL by hand', async () => {
    const message = await new Promise<string>((resolve) => openBrowser('https://idp.test/authorize', resolve, { BROWSER: 'exit 3' }));
    expect(message).toBe('okapi could not open a browser (BROWSER command "exit 3" exited with status 3); open the URL above by hand');
  });
});
