/** The host services a command gets (kernel/services/), on a config file and cache directory of a test's own. */
import { dirname, join } from 'node:path';
import { authService } from '../../kernel/services/auth-service.js';
import { builtins } from '../../kernel/plugins/builtin-index.generated.js';
import { PluginRegistry } from '../../kernel/plugins/registry.js';
import { apiRegistry } from '../../kernel/services/api-registry-service.js';
import { cacheService } from '../../kernel/services/cache-service.js';
import { configService } from '../../kernel/services/config-service.js';
import { tokenStore } from '../../kernel/services/token-store.js';
import type { ServiceClients } from '../../sdk/service-client.js';
import type { TokenStore } from '../../sdk/services.js';
import { tempDir } from './temp-dir.js';

export function hostServices(paths: { config_path: string; cache_dir: string } = defaultPaths()): ServiceClients {
  return {
    config: configService(paths.config_path),
    // Rebuilding a stale index runs the api plugin as a command, which these tests do not: none goes stale.
    apis: apiRegistry({ configPath: paths.config_path, cacheDir: paths.cache_dir, reindex: async () => false }),
    tokens: tokenStore(paths.config_path),
    cache: cacheService(paths.cache_dir),
    // The built-in auth plugins, as okapi loads them (their built chunks): none is loaded until a credential is computed.
    auth: authService({
      config: async () => (await configService(paths.config_path).read()).document,
      cacheDir: paths.cache_dir,
      registry: () =>
        PluginRegistry.load({
          builtins,
          directories: [],
          manifestCachePath: join(dirname(paths.config_path), 'plugin-manifests.json'),
          okapiVersion: 'test',
          disabled: new Set(),
          logger: () => () => undefined,
          tokens: tokenStore(paths.config_path),
          subprocess: {},
        }),
      env: process.env,
      clientCertFlag: false,
      noBrowser: true,
    }),
  };
}

function defaultPaths(): { config_path: string; cache_dir: string } {
  const dir = tempDir('okapi-services-');
  return { config_path: join(dir, 'config.json'), cache_dir: join(dir, 'cache') };
}

/** A token store of a test's own (a temporary tokens.json), for runtimes whose auth hooks it may give it. */
export function testTokenStore(): TokenStore {
  return tokenStore(join(tempDir('okapi-tokens-'), 'config.json'));
}
