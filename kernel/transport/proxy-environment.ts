/**
 * The proxy settings of the environment: HTTP_PROXY / HTTPS_PROXY / NO_PROXY, either case. Read
 * without loading undici, so a request that needs no proxy can be sent without it.
 */
export const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'] as const;
const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const;

/** The set proxy variables, by name. */
export function proxyEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...PROXY_VARIABLES, ...NO_PROXY_VARIABLES]) {
    const value = process.env[name];
    if (value !== undefined && value !== '') env[name] = value;
  }
  return env;
}

/** The proxy URL the environment names for a scheme, whatever NO_PROXY says (undici's order). */
export function proxyFor(protocol: string): string | undefined {
  const env = proxyEnvironment();
  const http = env.http_proxy ?? env.HTTP_PROXY;
  return protocol === 'https:' ? (env.https_proxy ?? env.HTTPS_PROXY ?? http) : http;
}
