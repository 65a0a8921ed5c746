import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import { configDir, resolveCacheDir, resolveConfigLocation, type ConfigLocation } from '../../../kernel/config/paths.js';

const HOME = '/home/ada';
const WIN_HOME = 'C:\\Users\\ada';

describe('resolveConfigLocation', () => {
  const cases: Array<{
    name: string;
    flag?: string;
    env: NodeJS.ProcessEnv;
    platform: NodeJS.Platform;
    home?: string;
    expected: ConfigLocation;
  }> = [
    {
      name: 'flag wins over everything',
      flag: '/etc/okapi.json',
      env: { OKAPI_CONFIG: '/env/okapi.json', XDG_CONFIG_HOME: '/xdg' },
      platform: 'linux',
      expected: { path: '/etc/okapi.json', source: 'flag' },
    },
    {
      name: 'OKAPI_CONFIG wins over XDG',
      env: { OKAPI_CONFIG: '/env/okapi.json', XDG_CONFIG_HOME: '/xdg' },
      platform: 'linux',
      expected: { path: '/env/okapi.json', source: 'env' },
    },
    {
      name: 'XDG_CONFIG_HOME on Linux',
      env: { XDG_CONFIG_HOME: '/xdg' },
      platform: 'linux',
      expected: { path: '/xdg/okapi/config.json', source: 'default' },
    },
    {
      name: 'XDG_CONFIG_HOME on macOS',
      env: { XDG_CONFIG_HOME: '/Users/ada/.xdg' },
      platform: 'darwin',
      home: '/Users/ada',
      expected: { path: '/Users/ada/.xdg/okapi/config.json', source: 'default' },
    },
    {
      name: '~/.config on Linux',
      env: {},
      platform: 'linux',
      expected: { path: '/home/ada/.config/okapi/config.json', source: 'default' },
    },
    {
      name: '~/.config on macOS too',
      env: {},
      platform: 'darwin',
      home: '/Users/ada',
      expected: { path: '/Users/ada/.config/okapi/config.json', source: 'default' },
    },
    {
      name: 'empty variables count as unset',
      env: { OKAPI_CONFIG: '', XDG_CONFIG_HOME: '' },
      platform: 'linux',
      expected: { path: '/home/ada/.config/okapi/config.json', source: 'default' },
    },
    {
      name: 'a relative XDG_CONFIG_HOME is ignored (XDG spec)',
      env: { XDG_CONFIG_HOME: 'relative/xdg' },
      platform: 'linux',
      expected: { path: '/home/ada/.config/okapi/config.json', source: 'default' },
    },
    {
      name: '%APPDATA% on Windows',
      env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming', XDG_CONFIG_HOME: '/xdg' },
      platform: 'win32',
      home: WIN_HOME,
      expected: { path: 'C:\\Users\\ada\\AppData\\Roaming\\okapi\\config.json', source: 'default' },
    },
    {
      name: 'Windows without APPDATA falls back to the roaming folder under home',
      env: {},
      platform: 'win32',
      home: WIN_HOME,
      expected: { path: 'C:\\Users\\ada\\AppData\\Roaming\\okapi\\config.json', source: 'default' },
    },
    {
      name: 'flag on Windows',
      flag: 'D:\\okapi\\work.json',
      env: { OKAPI_CONFIG: 'C:\\env.json' },
      platform: 'win32',
      home: WIN_HOME,
      expected: { path: 'D:\\okapi\\work.json', source: 'flag' },
    },
    {
      name: 'OKAPI_CONFIG on Windows',
      env: { OKAPI_CONFIG: 'C:\\env.json', APPDATA: 'C:\\Roaming' },
      platform: 'win32',
      home: WIN_HOME,
      expected: { path: 'C:\\env.json', source: 'env' },
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      expect(resolveConfigLocation(c.flag, c.env, c.platform, c.home ?? HOME)).toEqual(c.expected);
    });
  }

  it('resolves a relative flag and OKAPI_CONFIG against the current directory', () => {
    expect(resolveConfigLocation('conf/okapi.json', {}, 'linux', HOME)).toEqual({
      path: path.resolve(process.cwd(), 'conf/okapi.json'),
      source: 'flag',
    });
    expect(resolveConfigLocation(undefined, { OKAPI_CONFIG: './o.json' }, 'linux', HOME)).toEqual({
      path: path.resolve(process.cwd(), 'o.json'),
      source: 'env',
    });
  });

  it('rejects an empty flag as a usage error', () => {
    expect(() => resolveConfigLocation('', {}, 'linux', HOME)).toThrow(UsageError);
    expect(() => resolveConfigLocation('', {}, 'linux', HOME)).toThrow(/--okapi-config needs a file path/);
  });

  it('fails with a hint when there is no home directory and nothing else says where', () => {
    let error: unknown;
    try {
      resolveConfigLocation(undefined, {}, 'linux', '');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OkapiError);
    expect((error as OkapiError).hint).toMatch(/OKAPI_CONFIG/);
    // With XDG set, no home is needed.
    expect(resolveConfigLocation(undefined, { XDG_CONFIG_HOME: '/xdg' }, 'linux', '').path).toBe(
      '/xdg/okapi/config.json',
    );
  });
});

describe('resolveCacheDir', () => {
  const fromDefault: ConfigLocation = { path: '/home/ada/.config/okapi/config.json', source: 'default' };
  const fromFlag: ConfigLocation = { path: '/srv/project/okapi.json', source: 'flag' };
  const fromEnv: ConfigLocation = { path: '/srv/env/okapi.json', source: 'env' };

  it('OKAPI_CACHE_DIR wins, even with an explicit config', () => {
    const env = { OKAPI_CACHE_DIR: '/var/cache/okapi', XDG_CACHE_HOME: '/xdg-cache' };
    expect(resolveCacheDir(fromFlag, env, 'linux', HOME)).toBe('/var/cache/okapi');
    expect(resolveCacheDir(fromDefault, env, 'linux', HOME)).toBe('/var/cache/okapi');
    expect(resolveCacheDir(fromDefault, { OKAPI_CACHE_DIR: 'rel' }, 'linux', HOME)).toBe(
      path.resolve(process.cwd(), 'rel'),
    );
  });

  it('an explicit config (flag or env) keeps its cache beside it', () => {
    const env = { XDG_CACHE_HOME: '/xdg-cache' };
    expect(resolveCacheDir(fromFlag, env, 'linux', HOME)).toBe('/srv/project/cache');
    expect(resolveCacheDir(fromEnv, env, 'linux', HOME)).toBe('/srv/env/cache');
    expect(resolveCacheDir({ path: 'D:\\proj\\okapi.json', source: 'flag' }, {}, 'win32', WIN_HOME)).toBe(
      'D:\\proj\\cache',
    );
  });

  it('XDG_CACHE_HOME, then ~/.cache on Linux and macOS', () => {
    expect(resolveCacheDir(fromDefault, { XDG_CACHE_HOME: '/xdg-cache' }, 'linux', HOME)).toBe('/xdg-cache/okapi');
    expect(resolveCacheDir(fromDefault, { XDG_CACHE_HOME: '/xdg-cache' }, 'darwin', HOME)).toBe('/xdg-cache/okapi');
    expect(resolveCacheDir(fromDefault, { XDG_CACHE_HOME: 'relative' }, 'linux', HOME)).toBe('/home/ada/.cache/okapi');
    expect(resolveCacheDir(fromDefault, {}, 'linux', HOME)).toBe('/home/ada/.cache/okapi');
    expect(resolveCacheDir(fromDefault, {}, 'darwin', '/Users/ada')).toBe('/Users/ada/.cache/okapi');
  });

  it('%LOCALAPPDATA%\\okapi\\cache on Windows', () => {
    const location: ConfigLocation = { path: 'C:\\Users\\ada\\AppData\\Roaming\\okapi\\config.json', source: 'default' };
    expect(
      resolveCacheDir(location, { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local', XDG_CACHE_HOME: '/x' }, 'win32', WIN_HOME),
    ).toBe('C:\\Users\\ada\\AppData\\Local\\okapi\\cache');
    expect(resolveCacheDir(location, {}, 'win32', WIN_HOME)).toBe('C:\\Users\\ada\\AppData\\Local\\okapi\\cache');
  });
});

describe('configDir', () => {
  it('is the directory of the config file', () => {
    expect(configDir({ path: '/home/ada/.config/okapi/config.json', source: 'default' })).toBe('/home/ada/.config/okapi');
    expect(configDir({ path: 'C:\\Users\\ada\\AppData\\Roaming\\okapi\\config.json', source: 'default' })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\okapi',
    );
  });
});
