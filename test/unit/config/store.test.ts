import { chmod, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OkapiError } from '../../../sdk/shared/errors.js';
import { writeFileAtomic, writeFileQuietly } from '../../../kernel/config/atomic-write.js';
import type { OkapiConfig } from '../../../kernel/config/document.js';
import { readConfig } from '../../../kernel/config/read.js';
import { replaceConfigText, updateConfig } from '../../../kernel/config/store.js';
import { isRoot, isWindows, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

const COMMENTED = `// okapi configuration
{
  // registered APIs
  "apis": {
    "pets": {
      "base_url": "https://pets.example", // production
      "spec_files": ["a", "b", "c"]
    },
    "old": { "base_url": "https://old.example" }
  },
  /* plugin settings */
  "plugins": {
    "okapi-jq": { "enabled": true, "overrides": ["format:jq"] }
  },
  "$schema": "https://okapi.example/schema.json"
}
`;

interface Pets {
  pets: { base_url: string; spec_files: string[] };
  old?: unknown;
  books?: unknown;
}

describe('readConfig', () => {
  it('treats a missing file as an empty config', async () => {
    const dir = await tempDir();
    expect(readConfig(join(dir, 'nope', 'config.json'))).toEqual({ config: {}, text: undefined });
  });

  it('returns the parsed config and the raw text', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, COMMENTED);
    const { config, text } = readConfig(file);
    expect(text).toBe(COMMENTED);
    expect(config.$schema).toBe('https://okapi.example/schema.json');
  });

  it('reports a directory in place of the file with the OS reason', async () => {
    const dir = await tempDir();
    expect(() => readConfig(dir)).toThrow(OkapiError);
    expect(() => readConfig(dir)).toThrow(`cannot read config file ${dir}: it is a directory (EISDIR)`);
  });

  it.skipIf(isRoot || isWindows)('reports an unreadable file with the OS reason', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{}');
    await chmod(file, 0o000);
    expect(() => readConfig(file)).toThrow(`cannot read config file ${file}: permission denied (EACCES)`);
  });
});

/** The editing machinery (the config schema has its own tests below). */
describe('updateConfig edits', () => {
  it('creates a new file as pretty JSON, mode 0600, in a 0700 directory', async () => {
    const dir = join(await tempDir(), 'okapi');
    const file = join(dir, 'config.json');
    const result = await updateConfig(file, (config) => {
      config.apis = { pets: { base_url: 'https://pets.example' } };
    });
    expect(result).toEqual({ apis: { pets: { base_url: 'https://pets.example' } } });
    expect(await readFile(file, 'utf8')).toBe('{\n  "apis": {\n    "pets": {\n      "base_url": "https://pets.example"\n    }\n  }\n}\n');
    if (!isWindows) {
      expect(await modeOf(file)).toBe(0o600);
      expect(await modeOf(dir)).toBe(0o700);
    }
    expect(await readdir(dir)).toEqual(['config.json']);
  });

  it('keeps comments and key order while adding, changing and deleting nested keys', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, COMMENTED);
    await updateConfig(file, (config) => {
      const apis = config.apis as unknown as Pets;
      apis.pets.base_url = 'https://staging.example';
      delete apis.old;
      apis.books = { base_url: 'https://books.example', spec_files: ['one.yaml', 'two.yaml'] };
      const jq = config.plugins?.['okapi-jq'];
      if (jq) {
        jq.enabled = false;
        delete jq.overrides;
      }
      config.auth_profiles = { shared: { type: 'bearer' } };
    });
    expect(await readFile(file, 'utf8')).toBe(`// okapi configuration
{
  // registered APIs
  "apis": {
    "pets": {
      "base_url": "https://staging.example", // production
      "spec_files": ["a", "b", "c"]
    },
    "books": {
      "base_url": "https://books.example",
      "spec_files": [
        "one.yaml",
        "two.yaml"
      ]
    }
  },
  /* plugin settings */
  "plugins": {
    "okapi-jq": { "enabled": false }
  },
  "$schema": "https://okapi.example/schema.json",
  "auth_profiles": {
    "shared": {
      "type": "bearer"
    }
  }
}
`);
  });

  it('edits arrays element by element: insert, remove, replace', async () => {
    const file = join(await tempDir(), 'config.json');
    const text = `{
  "apis": {
    "x": {
      "base_url": "https://x.example",
      "spec_files": [
        "a", // first
        "b", // second
        "c" // third
      ]
    }
  }
}
`;
    await writeFile(file, text);
    const api = (config: OkapiConfig) => config.apis!.x as Record<string, unknown>;
    const specFiles = () => api(readConfig(file).config).spec_files;
    const list = async (next: string[]): Promise<string> => {
      await updateConfig(file, (config) => {
        api(config).spec_files = next;
      });
      return readFile(file, 'utf8');
    };
    // Insert in the middle: the neighbours' comments stay.
    let now = await list(['a', 'b', 'x', 'c']);
    expect(now).toContain('"a", // first');
    expect(now).toContain('"b", // second');
    expect(now).toContain('"c" // third');
    expect(specFiles()).toEqual(['a', 'b', 'x', 'c']);
    // Remove from the middle.
    now = await list(['a', 'x', 'c']);
    expect(now).toContain('"a", // first');
    expect(now).toContain('"c" // third');
    expect(specFiles()).toEqual(['a', 'x', 'c']);
    // Replace one element, append, and shrink to empty.
    await list(['a', 'y', 'c', 'd']);
    expect(specFiles()).toEqual(['a', 'y', 'c', 'd']);
    expect(await readFile(file, 'utf8')).toContain('"a", // first');
    await list([]);
    expect(specFiles()).toEqual([]);
    // Arrays of objects are diffed into: a comment inside an element survives a change next to it.
    type Profiles = Record<string, { params: { ids: Array<Record<string, unknown>> } }>;
    const params = (config: OkapiConfig) => (api(config).profiles as Profiles).default!.params;
    await updateConfig(file, (config) => {
      api(config).profiles = { default: { params: { ids: [{ id: 1, name: 'one' }] } } };
    });
    await writeFile(file, (await readFile(file, 'utf8')).replace('"id": 1', '"id": 1 /* keep me */'));
    await updateConfig(file, (config) => {
      params(config).ids[0]!.name = 'uno';
    });
    expect(await readFile(file, 'utf8')).toContain('"id": 1 /* keep me */');
    expect(params(readConfig(file).config).ids).toEqual([{ id: 1, name: 'uno' }]);
  });

  it('accepts a mutator that returns a new document', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{\n  // keep\n  "$schema": "one",\n  "apis": {}\n}\n');
    const apis = { x: { base_url: 'https://x.example' } };
    const result = await updateConfig(file, (config) => ({ ...config, apis, plugins: {} }));
    expect(result).toEqual({ $schema: 'one', apis, plugins: {} });
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  // keep\n  "$schema": "one",\n  "apis": {\n    "x": {\n      "base_url": "https://x.example"\n    }\n  },\n' +
        '  "plugins": {}\n}\n',
    );
  });

  it('does not hand out the cached document: the mutator gets a deep copy', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{"apis": {"x": {"base_url": "https://one.example"}}}');
    let seen: OkapiConfig | undefined;
    await updateConfig(file, (config) => {
      seen = config;
      return { apis: { x: { base_url: 'https://two.example' } } };
    });
    expect(seen).toEqual({ apis: { x: { base_url: 'https://one.example' } } });
    expect(readConfig(file).config).toEqual({ apis: { x: { base_url: 'https://two.example' } } });
  });

  it('keeps CRLF line ends and a byte order mark', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '\uFEFF{\r\n  // c\r\n  "apis": {}\r\n}\r\n');
    await updateConfig(file, (config) => {
      config.plugins = { p: { enabled: false } };
    });
    const text = await readFile(file, 'utf8');
    expect(text).toBe(
      '\uFEFF{\r\n  // c\r\n  "apis": {},\r\n  "plugins": {\r\n    "p": {\r\n      "enabled": false\r\n    }\r\n  }\r\n}\r\n',
    );
  });

  it('treats undefined values as deletions, as JSON does', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{\n  "apis": {}, // one\n  "plugins": {}\n}\n');
    await updateConfig(file, (config) => {
      config.plugins = undefined;
    });
    expect(await readFile(file, 'utf8')).toBe('{\n  "apis": {} // one\n}\n');
  });

  it('writes nothing when nothing changed', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{ "apis": {} }');
    const before = await stat(file);
    await updateConfig(file, () => undefined);
    const after = await stat(file);
    expect(after.ino).toBe(before.ino);
    expect(await readFile(file, 'utf8')).toBe('{ "apis": {} }');
  });

  it('validates the result and leaves the file alone when it is invalid', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{ "apis": {} }');
    await expect(
      updateConfig(file, (config) => {
        (config as Record<string, unknown>).apis = 'nope';
      }),
    ).rejects.toThrow(`config file ${file}: "apis" must be an object`);
    expect(await readFile(file, 'utf8')).toBe('{ "apis": {} }');
    expect(await readdir(join(file, '..'))).toEqual(['config.json']);
  });

  it('refuses to update a malformed file, naming where it is broken', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{\n  "a": 1,,\n}');
    await expect(updateConfig(file, () => undefined)).rejects.toThrow(/is not valid JSON: .* at line 2, column 10/);
  });

  it.skipIf(isWindows)('tightens a 0644 file to 0600', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{}', { mode: 0o644 });
    await chmod(file, 0o644);
    await updateConfig(file, (config) => {
      config.auth_profiles = { shared: { type: 'bearer', params: { token: 'secret' } } };
    });
    expect(await modeOf(file)).toBe(0o600);
  });

  it.skipIf(isWindows)('updates the target of a symlinked config and keeps the link', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'dotfiles'));
    const real = join(dir, 'dotfiles', 'okapi.json');
    const link = join(dir, 'config.json');
    await writeFile(real, '{\n  // mine\n  "$schema": "one"\n}\n');
    await symlink(real, link);
    await updateConfig(link, (config) => {
      config.$schema = 'two';
    });
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(real);
    expect(await readFile(real, 'utf8')).toBe('{\n  // mine\n  "$schema": "two"\n}\n');
  });
});

describe('replaceConfigText', () => {
  it('writes the text as is, comments included, mode 0600', async () => {
    const file = join(await tempDir(), 'sub', 'config.json');
    const text = '// edited\n{ "apis": { "x": { "base_url": "http://127.0.0.1:1" } }, }\n';
    expect(await replaceConfigText(file, text)).toEqual({ apis: { x: { base_url: 'http://127.0.0.1:1' } } });
    expect(await readFile(file, 'utf8')).toBe(text);
    if (!isWindows) expect(await modeOf(file)).toBe(0o600);
  });

  it('rejects invalid text, naming the path, and keeps the old file', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{ "a": 1 }');
    await expect(replaceConfigText(file, '{ "a": }')).rejects.toThrow(
      `config file ${file} is not valid JSON: expected a value, found '}' at line 1, column 8`,
    );
    await expect(replaceConfigText(file, '{ "plugins": [] }')).rejects.toThrow(/"plugins" must be an object/);
    await expect(replaceConfigText(file, '{ "apis": {}, "theme": "dark" }')).rejects.toThrow(
      `config file ${file}: unknown key "theme" at the top level; the keys known there: $schema, apis, auth_profiles, plugins`,
    );
    expect(await readFile(file, 'utf8')).toBe('{ "a": 1 }');
  });
});

describe('updateConfig', () => {
  it('checks the result against the config schema, naming the path and the keys known there', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{ "apis": { "x": { "base_url": "http://127.0.0.1:1" } } }');
    const set = (value: unknown) =>
      updateConfig(file, (config) => {
        Object.assign((config.apis as Record<string, Record<string, unknown>>).x!, value);
      });
    await expect(set({ bogus_field: 1 })).rejects.toThrow(
      `config file ${file}: unknown key "bogus_field" in apis.x; the keys known there: base_url, profiles, operation_base, server_variables, url_overrides, allowed_operation_origins, command_layout, spec_files, spec_url, discovery`,
    );
    await expect(set({ profiles: { default: { headers: ['Authorization Bearer sk_live_0123456789abcdef'] } } })).rejects.toThrow(
      `config file ${file}: apis.x.profiles.default.headers[0]: "Authorization ***" is not a header: write it as "Name: value" (a colon after the name)`,
    );
    await expect(set({ profiles: { default: { auth: { type: 'bearer', params: { token: 42 } } } } })).rejects.toThrow(
      `config file ${file}: apis.x.profiles.default.auth.params.token must be a string, found a number`,
    );
    const many = await set({ base_url: 'ftp://x', operation_base: 1, 'odd key': true }).catch((error: Error) => error);
    expect((many as Error).message).toBe(
      `config file ${file} has 3 problems:\n` +
        '  - unknown key "odd key" in apis.x; the keys known there: base_url, profiles, operation_base, server_variables, url_overrides, allowed_operation_origins, command_layout, spec_files, spec_url, discovery\n' +
        '  - apis.x.base_url: "ftp://x" is not an http or https URL such as https://api.example.com\n' +
        '  - apis.x.operation_base must be a string, found a number',
    );
    // User information in a base URL would be dropped from every request, a fragment is never
    // sent: both refused, the credentials never shown.
    const userinfo = await set({ base_url: 'http://me:hunter2@127.0.0.1:1/d', profiles: { staging: { base_url: 'http://:hunter2@127.0.0.1:1' } } }).catch((error: Error) => error);
    const fix = (profile: string) =>
      `remove it and give the credentials to a profile's auth (okapi api set x 'profiles.${profile}.auth: {type: http-basic, params: {username: me, password: "env:API_PASSWORD"}}')`;
    expect((userinfo as Error).message).toBe(
      `config file ${file} has 2 problems:\n` +
        `  - apis.x.base_url: "http://***@127.0.0.1:1/d" carries user information, which okapi does not send from a base URL: ${fix('default')}\n` +
        `  - apis.x.profiles.staging.base_url: "http://***@127.0.0.1:1/" carries user information, which okapi does not send from a base URL: ${fix('staging')}`,
    );
    await expect(set({ base_url: 'http://127.0.0.1:1/d?v=1#top' })).rejects.toThrow(
      `config file ${file}: apis.x.base_url: "http://127.0.0.1:1/d?v=1#top" has a fragment (#…), which is never sent: remove it`,
    );
    await set({ base_url: 'http://127.0.0.1:1/users/@me?v=1' });
    expect(await readFile(file, 'utf8')).toBe('{ "apis": { "x": { "base_url": "http://127.0.0.1:1/users/@me?v=1" } } }');
  });

  it('accepts url_overrides and allowed_operation_origins only as SPEC.md words them: http(s) URL prefixes and origins', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{ "apis": { "x": { "base_url": "http://127.0.0.1:1" } } }');
    const set = (value: unknown) =>
      updateConfig(file, (config) => {
        Object.assign((config.apis as Record<string, Record<string, unknown>>).x!, value);
      });
    await set({
      url_overrides: { 'https://api.example.com/v1/': 'http://127.0.0.1:8080/' },
      allowed_operation_origins: ['https://files.example.com', 'http://127.0.0.1:9090/'],
      server_variables: { region: 'eu' },
      profiles: { p: { url_overrides: { 'HTTPS://API.example.com': 'http://127.0.0.1:8081/p' }, server_variables: { region: 'us' } } },
    });
    expect(JSON.parse(await readFile(file, 'utf8')).apis.x.allowed_operation_origins).toEqual(['https://files.example.com', 'http://127.0.0.1:9090/']);
    const many = await set({
      url_overrides: { 'https://user:secret@api.example.com': 'https://b.example.com', 'https://c.example.com': 'https://d.example.com/#top' },
      allowed_operation_origins: ['https://files.example.com/v1'],
      server_variables: { region: 1 },
      profiles: { p: { url_overrides: { 'api.example.com': 'https://b.example.com' } } },
    }).catch((error: Error) => error);
    expect((many as Error).message).toBe(
      `config file ${file} has 5 problems:\n` +
        '  - apis.x.profiles.p.url_overrides: the key "api.example.com" is not an absolute http or https URL such as https://api.example.com/v1\n' +
        '  - apis.x.server_variables.region must be a string, found a number\n' +
        '  - apis.x.url_overrides: the key "https://***@api.example.com/" must not carry user information, a query or a fragment\n' +
        '  - apis.x.url_overrides["https://c.example.com"]: "https://d.example.com/#top" must not carry user information, a query or a fragment\n' +
        '  - apis.x.allowed_operation_origins[0]: "https://files.example.com/v1" is not an origin such as https://files.example.com (scheme, host and port only)',
    );
  });
});

describe('writeFileAtomic', () => {
  it('leaves no temporary files behind, after success or failure', async () => {
    const dir = await tempDir();
    const file = join(dir, 'data.json');
    for (let i = 0; i < 5; i++) await writeFileAtomic(file, `{"i": ${i}}`);
    expect(await readFile(file, 'utf8')).toBe('{"i": 4}');
    // Renaming over a non-empty directory fails: the temporary file must be cleaned up.
    const blocker = join(dir, 'blocker');
    await mkdir(join(blocker, 'inside'), { recursive: true });
    await expect(writeFileAtomic(blocker, 'x')).rejects.toThrow(OkapiError);
    await expect(writeFileAtomic(blocker, 'x')).rejects.toThrow(`cannot write ${blocker}:`);
    expect((await readdir(dir)).sort()).toEqual(['blocker', 'data.json']);
  });

  it.skipIf(isWindows)('writes files 0600, whatever mode the file had', async () => {
    const dir = await tempDir();
    const file = join(dir, 'token.json');
    await writeFileAtomic(file, 'a');
    expect(await modeOf(file)).toBe(0o600);
    await chmod(file, 0o666);
    await writeFileAtomic(file, 'b');
    expect(await modeOf(file)).toBe(0o600);
    await chmod(file, 0o400);
    await writeFileAtomic(file, 'c');
    expect(await modeOf(file)).toBe(0o600);
  });

  it('words a failure as the choices say', async () => {
    const dir = await tempDir();
    const blocker = join(dir, 'blocker');
    await mkdir(join(blocker, 'inside'), { recursive: true });
    const choices = { durable: false, failure: (target: string) => new OkapiError(`no cache at ${target}`) };
    await expect(writeFileAtomic(blocker, 'x', choices)).rejects.toThrow(`no cache at ${blocker}`);
    expect(await readdir(dir)).toEqual(['blocker']);
  });
});

describe('writeFileQuietly', () => {
  it('creates the directory and replaces the file', async () => {
    const file = join(await tempDir(), 'cache', 'help');
    writeFileQuietly(file, 'a');
    writeFileQuietly(file, 'b');
    expect(await readFile(file, 'utf8')).toBe('b');
    expect(await readdir(join(file, '..'))).toEqual(['help']);
  });

  it('fails silently and leaves no temporary file behind', async () => {
    const dir = await tempDir();
    const blocker = join(dir, 'blocker');
    await mkdir(join(blocker, 'inside'), { recursive: true });
    writeFileQuietly(blocker, 'x');
    expect(await readdir(dir)).toEqual(['blocker']);
  });

  it.skipIf(isWindows)('writes files 0600 in a directory made 0700', async () => {
    const dir = join(await tempDir(), 'cache');
    writeFileQuietly(join(dir, 'code'), 'a');
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(join(dir, 'code'))).toBe(0o600);
  });
});
