/** Runs the built `okapi` executable as a user would: own config dir, argv, stdin, environment. */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './temp-dir.js';

export const OKAPI_BIN = resolve(import.meta.dirname, '../../dist/okapi.cjs');

export interface OkapiResult {
  code: number | null;
  /** The signal that ended okapi, if one did. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

export interface OkapiRunOptions {
  env?: NodeJS.ProcessEnv;
  stdin?: string | Buffer;
  cwd?: string;
  timeoutMs?: number;
}

/** A fresh home for one test: config file path and plugin directory inside a temp dir. */
export function freshHome(): { dir: string; config: string; plugins: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir('okapi-test-');
  const config = join(dir, 'config.json');
  return {
    dir,
    config,
    plugins: join(dir, 'plugins'),
    env: { OKAPI_CONFIG: config, XDG_CACHE_HOME: join(dir, 'cache'), NO_COLOR: '1' },
  };
}

/** A fresh home whose config has one API, `name` on `baseUrl` (nothing connected), with `profile` as its default profile. */
export function homeWithApi(name: string, baseUrl: string, profile: Record<string, unknown>): ReturnType<typeof freshHome> {
  const home = freshHome();
  writeFileSync(home.config, JSON.stringify({ apis: { [name]: { base_url: baseUrl, profiles: { default: profile } } } }));
  return home;
}

export function runOkapi(args: string[], options: OkapiRunOptions = {}): Promise<OkapiResult> {
  return startOkapi(args, options).result;
}

/** okapi started but not awaited, for tests that act on the process while it runs (signals). */
export function startOkapi(args: string[], options: OkapiRunOptions = {}): { child: ChildProcess; result: Promise<OkapiResult> } {
  // TMPDIR is the run's own (test/setup/temp-root.ts): a temporary file okapi leaves fails the run.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...options.env };
  const child = spawn(process.execPath, [OKAPI_BIN, ...args], { env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const result = new Promise<OkapiResult>((resolvePromise, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdoutBytes = Buffer.concat(out);
      resolvePromise({ code, signal, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes });
    });
  });
  if (options.stdin !== undefined) child.stdin.end(options.stdin);
  else child.stdin.end();
  return { child, result };
}
