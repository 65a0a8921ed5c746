/**
 * The user's terminal as plugins reach it: a question answered on the terminal (a command's
 * prompt, an auth type's pasted code) and a line the user must see whatever the verbosity (an
 * authorization URL, a device code). Text from a plugin may not steer the terminal.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { visibleControls } from '../../sdk/shared/terminal-text.js';
import type { Terminal } from '../../sdk/services.js';

export interface TerminalStreams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export function terminal(io: TerminalStreams): Terminal {
  return {
    prompt: (message, options) => prompt(io, message, options?.secret ?? false),
    tell: (message) => void io.stderr.write(`${visibleControls(message)}\n`),
  };
}

/** For a host with no user at a terminal (a test's registry): nothing can be asked. */
export const NO_TERMINAL: Terminal = {
  prompt: async (message) => {
    throw new OkapiError(`cannot ask "${visibleControls(message)}": okapi has no terminal here`);
  },
  tell: (message) => void process.stderr.write(`${visibleControls(message)}\n`),
};

async function prompt(io: TerminalStreams, asked: string, secret: boolean): Promise<string> {
  const message = visibleControls(asked);
  if (!io.stdin.isTTY || !io.stderr.isTTY) {
    throw new OkapiError(`cannot ask "${message}": okapi is not attached to a terminal`, {
      hint: 'run the command in a terminal, or supply the value another way (flag or environment)',
    });
  }
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
  // The terminal is in raw mode while a line is typed, so Ctrl-C arrives as a key: it interrupts
  // okapi as it does at any other time (sdk/interrupt.ts) rather than pausing the question.
  rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  if (secret) {
    // Echo nothing while a secret is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    io.stderr.write(`${message} `);
  }
  try {
    return await new Promise<string>((resolve) => rl.question(secret ? '' : `${message} `, resolve));
  } finally {
    if (secret) io.stderr.write('\n');
    rl.close();
  }
}
