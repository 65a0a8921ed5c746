/**
 * Opens the authorization URL in the user's browser: the `BROWSER` environment variable's command
 * when set (the URL as its last argument, or in place of `%s`; run by the shell, so it may carry
 * arguments), else the platform's opener (xdg-open, open, `start`). okapi does not wait for the
 * browser: a command that cannot start or fails is reported, and the sign-in keeps waiting, since
 * the user may open the URL by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export function openBrowser(url: string, tell: (message: string) => void, env: NodeJS.ProcessEnv = process.env): void {
  const browser = env.BROWSER?.trim();
  const [name, child] = browser ? [`BROWSER command ${JSON.stringify(browser)}`, runBrowserCommand(browser, url)] : platformOpener(url);
  const failed = (why: string) => tell(`okapi could not open a browser (${name} ${why}); open the URL above by hand`);
  child.on('error', (error) => failed(`did not start: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (code !== 0) failed(signal !== null ? `ended by ${signal}` : `exited with status ${code}`);
  });
  // A browser outlives okapi; okapi does not wait for it.
  child.unref();
}

function runBrowserCommand(command: string, url: string): ChildProcess {
  if (process.platform === 'win32') {
    // A URL holds no double quote (it would be percent-encoded), so quoting it is enough for cmd.
    const line = command.includes('%s') ? command.replaceAll('%s', `"${url}"`) : `${command} "${url}"`;
    return spawn(process.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', `"${line}"`], { stdio: 'ignore', windowsVerbatimArguments: true, windowsHide: true });
  }
  // The URL reaches the shell as $1, never as text of the command line.
  const line = command.includes('%s') ? command.replaceAll('%s', '"$1"') : `${command} "$1"`;
  return spawn('/bin/sh', ['-c', line, 'okapi-browser', url], { stdio: 'ignore', detached: true });
}

function platformOpener(url: string): [string, ChildProcess] {
  switch (process.platform) {
    case 'darwin':
      return ['open', spawn('open', [url], { stdio: 'ignore', detached: true })];
    case 'win32':
      return ['start', spawn(process.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', `"start "" "${url}""`], { stdio: 'ignore', windowsVerbatimArguments: true, windowsHide: true })];
    default:
      return ['xdg-open', spawn('xdg-open', [url], { stdio: 'ignore', detached: true })];
  }
}
