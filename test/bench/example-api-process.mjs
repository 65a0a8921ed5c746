// The example API in a child process: the benchmarks time processes synchronously, which would
// starve a server living in the benchmark's own event loop.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const serve = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/example-api/serve.mjs');

/** `args`: the server's own, e.g. `['--protocol', 'https']`. */
export async function startExampleApiProcess(args = []) {
  const child = spawn(process.execPath, [serve, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`example API exited with ${code}`)));
  });
  return { url, close: () => child.kill('SIGTERM') };
}
