/**
 * Shell completion as users meet it: the scripts `okapi completion <shell>` prints, loaded into
 * real bash, zsh and fish (Debian's; .ci/run installs them), whose completion functions are driven
 * as the shell would call them, running the built okapi against a home with a registered API (its
 * description a local file, so nothing reaches the network). PowerShell is not in Debian: only its
 * script's text is checked. A shell that is not installed skips its tests and says so in their name.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshHome, OKAPI_BIN, runOkapi } from '../helpers/run-okapi.js';

const run = promisify(execFile);

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: '/' }],
  tags: [{ name: 'Store', description: 'Orders and stock' }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        tags: ['pets'],
        parameters: [
          { name: 'status', in: 'query', description: 'Filter by status', schema: { type: 'string', enum: ['available', 'sold out', 'pending:review'] } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { 200: { description: 'ok' } },
      },
    },
    '/pets/{kind}': {
      get: {
        operationId: 'getPetsOfKind',
        summary: 'Pets of a kind',
        tags: ['pets'],
        parameters: [{ name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['cat', 'dog'] } }],
        responses: { 200: { description: 'ok' } },
      },
    },
    '/orders': { get: { operationId: 'listOrders', summary: 'List orders', tags: ['Store'], responses: { 200: { description: 'ok' } } } },
    '/internal': { get: { operationId: 'internalThing', 'x-cli-hidden': true, responses: { 200: { description: 'ok' } } } },
  },
};

function installed(shell: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The test's name, or why it is skipped: a skipped test says so in the report. */
function titled(shell: string, title: string): string {
  return installed(shell) ? title : `${title} — skipped: ${shell} is not installed (apt-get install ${shell})`;
}

const home = freshHome();
/** The shells' environment: okapi on PATH (as `okapi`), the test's config and cache, a HOME of the test's own. */
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const bin = join(home.dir, 'bin');
  mkdirSync(bin);
  symlinkSync(OKAPI_BIN, join(bin, 'okapi'));
  const spec = join(home.dir, 'shop.json');
  writeFileSync(spec, JSON.stringify(SPEC));
  // Port 9 (discard) is never asked: the description is the local file.
  const connected = await runOkapi(['api', 'connect', 'shop', 'http://127.0.0.1:9', '--spec', spec], { env: home.env });
  expect(connected.code, connected.stderr).toBe(0);
  env = {
    ...home.env,
    PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}`,
    HOME: home.dir,
    XDG_CONFIG_HOME: join(home.dir, 'xdg-config'),
    XDG_DATA_HOME: join(home.dir, 'xdg-data'),
    TMPDIR: process.env.TMPDIR,
  };
});

async function shell(command: string, args: string[]): Promise<string> {
  const { stdout } = await run(command, args, { env, cwd: home.dir, timeout: 20_000 });
  return stdout;
}

describe('okapi completion', () => {
  it('prints each shell’s script', async () => {
    for (const [name, marker] of [
      ['bash', 'complete -o default -F _okapi_complete okapi'],
      ['zsh', '#compdef okapi'],
      ['fish', "complete -c okapi -f -a '(__okapi_complete)'"],
      ['powershell', 'Register-ArgumentCompleter -Native -CommandName okapi'],
    ]) {
      const result = await runOkapi(['completion', name!], { env: home.env });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(marker);
    }
  });

  it('refuses no shell, an unknown one and extra words, as usage errors naming the shells', async () => {
    for (const args of [['completion'], ['completion', 'tcsh'], ['completion', 'bash', 'extra']]) {
      const result = await runOkapi(args, { env: home.env });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('okapi completion bash|zsh|fish|powershell');
      expect(result.stdout).toBe('');
    }
  });

  it('is an okapi command: listed in help, with help of its own, never a request host', async () => {
    const help = await runOkapi(['--help'], { env: home.env });
    expect(help.stdout).toMatch(/\n\s+completion\s+Print a shell completion script/);
    expect(help.stdout).not.toContain('__complete');
    const own = await runOkapi(['help', 'completion'], { env: home.env });
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('eval "$(okapi completion bash)"');
  });

  it('answers the scripts from the registered API, one candidate a line with its description', async () => {
    const result = await runOkapi(['completion', '__complete', '2', '--', 'shop'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('list-pets\tList pets\nget-pets-of-kind\tPets of a kind\nlist-orders\tList orders\n');
  });
});

describe.skipIf(!installed('bash'))(titled('bash', 'bash'), () => {
  /** COMPREPLY, one a line, after the function ran on `line` split into `words` as bash splits it. */
  async function complete(line: string, words: string[]): Promise<string[]> {
    const quoted = words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    const script = [
      'eval "$(okapi completion bash)"',
      `COMP_LINE='${line.replace(/'/g, `'\\''`)}'`,
      'COMP_POINT=${#COMP_LINE}',
      `COMP_WORDS=(${quoted})`,
      `COMP_CWORD=${words.length - 1}`,
      // The rule bash completes okapi with.
      'complete -p okapi',
      '_okapi_complete',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const lines = (await shell('bash', ['--norc', '--noprofile', '-c', script])).split('\n').filter((l) => l !== '');
    expect(lines[0]).toBe('complete -o default -F _okapi_complete okapi');
    return lines.slice(1);
  }

  it('completes the first word, an API’s operations and an operation’s flags', async () => {
    expect(await complete('okapi sh', ['okapi', 'sh'])).toEqual(['shop']);
    expect(await complete('okapi shop ', ['okapi', 'shop', ''])).toEqual(['list-pets', 'get-pets-of-kind', 'list-orders']);
    expect(await complete('okapi shop list-pets --st', ['okapi', 'shop', 'list-pets', '--st'])).toEqual(['--status']);
  });

  it('escapes a value with a space, and rejoins the words bash splits at = and :', async () => {
    expect(await complete('okapi shop list-pets --status s', ['okapi', 'shop', 'list-pets', '--status', 's'])).toEqual(['sold\\ out']);
    // Bash replaces only what follows the last = or :, so that is all a candidate holds.
    expect(await complete('okapi shop list-pets --status=s', ['okapi', 'shop', 'list-pets', '--status', '=', 's'])).toEqual(['sold\\ out']);
    expect(await complete('okapi shop list-pets --status=pending:', ['okapi', 'shop', 'list-pets', '--status', '=', 'pending', ':'])).toEqual(['review']);
    expect(await complete('okapi -o y', ['okapi', '-o', 'y'])).toEqual(['yaml']);
  });

  it('completes only up to the cursor, and a positional’s enum values', async () => {
    expect(await complete('okapi shop get-pets-of-kind ', ['okapi', 'shop', 'get-pets-of-kind', ''])).toEqual(['cat', 'dog']);
  });
});

describe.skipIf(!installed('zsh'))(titled('zsh', 'zsh'), () => {
  /**
   * Runs the script's _okapi as zsh's completion system would, with `words`, CURRENT and PREFIX
   * set; _describe and _files, which only work inside a completion widget, print what they got.
   */
  async function complete(words: string[]): Promise<string[]> {
    const quoted = words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    const script = [
      'autoload -U compinit && compinit -u -D',
      'source <(okapi completion zsh)',
      // compdef registered the function for okapi.
      'print -r -- "registered: $_comps[okapi]"',
      '_describe() { print -rl -- "${(@P)argv[-1]}" }',
      "_files() { print -r -- '(files)' }",
      `words=(${quoted})`,
      'CURRENT=${#words}',
      'PREFIX=$words[-1]',
      '_okapi',
    ].join('\n');
    const lines = (await shell('zsh', ['-f', '-c', script])).split('\n').filter((l) => l !== '');
    expect(lines[0]).toBe('registered: _okapi');
    return lines.slice(1);
  }

  it('offers candidates with descriptions, a colon in a value escaped for _describe', async () => {
    expect(await complete(['okapi', 'sh'])).toEqual(['shop:API at http://127.0.0.1:9']);
    expect(await complete(['okapi', 'shop', ''])).toEqual(['list-pets:List pets', 'get-pets-of-kind:Pets of a kind', 'list-orders:List orders']);
    expect(await complete(['okapi', 'shop', 'list-pets', '--status', ''])).toEqual([
      'available:Filter by status',
      'sold out:Filter by status',
      'pending\\:review:Filter by status',
    ]);
  });

  it('falls back to files where okapi has nothing to offer', async () => {
    expect(await complete(['okapi', 'get', ''])).toEqual(['(files)']);
  });

  /**
   * An interactive zsh on a pseudo-terminal (zsh/zpty) with the script loaded: each line is typed
   * with a TAB, and what the terminal shows (escape sequences taken out) is read until `expected`
   * appears or 15 seconds pass.
   */
  async function typeWithTab(line: string, expected: string): Promise<string> {
    const script = [
      'setopt extendedglob',
      'zmodload zsh/zpty',
      "zpty z 'zsh -f -i'",
      'read_until() {',
      "  local chunk all='' end=$((SECONDS + 15))",
      '  while (( SECONDS < end )); do',
      '    if zpty -r -t z chunk; then all+=$chunk; [[ ${all//$\'\\e\'\\[[0-9;?]##[a-zA-Z]/} == *"$1"* ]] && break; else sleep 0.05; fi',
      '  done',
      "  REPLY=${all//$'\\e'\\[[0-9;?]##[a-zA-Z]/}",
      '}',
      `zpty -w z 'PS1="%% "; autoload -U compinit; compinit -u -D; source <(okapi completion zsh); print RE""ADY'`,
      'read_until READY',
      `zpty -w -n z ${zshQuote(`${line}\t`)}`,
      `read_until ${zshQuote(expected)}`,
      'print -r -- "$REPLY"',
      'zpty -d z',
    ].join('\n');
    return shell('zsh', ['-f', '-c', script]);
  }

  function zshQuote(text: string): string {
    return `$'${text.replace(/'/g, "\\'")}'`;
  }

  it('completes in a real completion widget: a list with descriptions, and a single match inserted', async () => {
    const listed = await typeWithTab('okapi shop list-pets --status ', 'Filter by status');
    expect(listed).toMatch(/pending:review\s+available\s+sold out\s+-- Filter by status/);
    const inserted = await typeWithTab('okapi sh', 'okapi shop ');
    expect(inserted).toContain('okapi shop ');
  });
});

describe.skipIf(!installed('fish'))(titled('fish', 'fish'), () => {
  async function complete(line: string): Promise<string[]> {
    const script = `okapi completion fish | source; complete -C '${line.replace(/'/g, "\\'")}'`;
    return (await shell('fish', ['--no-config', '-c', script])).split('\n').filter((l) => l !== '');
  }

  it('completes with descriptions, from the tokens before the cursor', async () => {
    expect(await complete('okapi sh')).toEqual(['shop\tAPI at http://127.0.0.1:9']);
    expect(await complete('okapi shop ')).toEqual(['get-pets-of-kind\tPets of a kind', 'list-orders\tList orders', 'list-pets\tList pets']);
    expect(await complete('okapi shop list-pets --status ')).toEqual(['available\tFilter by status', 'pending:review\tFilter by status', 'sold out\tFilter by status']);
    expect(await complete('okapi shop list-pets --status=s')).toEqual(['--status=sold out\tFilter by status']);
  });

  it('leaves hidden operations out, and completes tags with command_layout: tags', async () => {
    const set = await runOkapi(['api', 'set', 'shop', 'command_layout: tags'], { env: home.env });
    expect(set.code, set.stderr).toBe(0);
    try {
      expect(await complete('okapi shop ')).toEqual(['pets\t2 commands', 'store\tOrders and stock (1 command)']);
      expect(await complete('okapi shop pets ')).toEqual(['get-pets-of-kind\tPets of a kind', 'list-pets\tList pets']);
      expect(await complete('okapi shop pets get-pets-of-kind ')).toEqual(['cat', 'dog']);
    } finally {
      const flat = await runOkapi(['api', 'set', 'shop', 'command_layout: flat'], { env: home.env });
      expect(flat.code, flat.stderr).toBe(0);
    }
  });
});

describe('PowerShell (not in Debian: its script is checked as text, never run)', () => {
  it('registers a native completer that passes -- quoted, the word count, and quotes values for insertion', async () => {
    const { stdout } = await runOkapi(['completion', 'powershell'], { env: home.env });
    expect(stdout).toContain('Register-ArgumentCompleter -Native -CommandName okapi -ScriptBlock {');
    // A bare -- would be taken by PowerShell itself; in an array it reaches okapi.
    expect(stdout).toContain("@('completion', '__complete', ($prior.Count + 1), '--') + $prior");
    expect(stdout).toContain(`"'" + ($value -replace "'", "''") + "'"`);
    expect(stdout).toContain("[System.Management.Automation.CompletionResult]::new($text, $value, 'ParameterValue', $description)");
  });
});
