/**
 * Where an OAuth provider's endpoints are: from the issuer's metadata (OpenID Connect discovery,
 * else RFC 8414), or from endpoint params given directly. Plain http is allowed because the user's
 * config chose the URL (a provider on the loopback interface, say); oauth4webapi refuses it
 * unless told.
 */
import * as oauth from 'oauth4webapi';
import { OkapiError } from '../shared/errors.js';
import { oauthFailure } from './provider-refusal.js';

/** The endpoints an auth type needs, named as the metadata names them (`token_endpoint`, …). */
export type EndpointName = 'token_endpoint' | 'authorization_endpoint' | 'device_authorization_endpoint' | 'revocation_endpoint';

/**
 * The provider's metadata by discovery from `issuerUrl`, checked to name every endpoint in `needed`.
 * `owner` names the auth in errors; `paramHint` says which params could name an endpoint instead.
 */
export async function discoverServer(issuerUrl: string, needed: EndpointName[], owner: string, paramHint: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(issuerUrl);
  let firstProblem: unknown;
  for (const algorithm of ['oidc', 'oauth2'] as const) {
    let server: oauth.AuthorizationServer;
    try {
      server = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm, ...insecureIfHttp(issuerUrl) }));
    } catch (error) {
      firstProblem ??= error;
      continue;
    }
    const missing = needed.filter((name) => typeof server[name] !== 'string');
    if (missing.length > 0) {
      throw new OkapiError(`${owner}: the metadata of issuer ${issuerUrl} names no ${missing.join(' or ')}`, { hint: paramHint });
    }
    return server;
  }
  throw oauthFailure(firstProblem, `${owner}: discovery of issuer ${issuerUrl} (/.well-known/openid-configuration, /.well-known/oauth-authorization-server)`);
}

/**
 * A provider known by its endpoints only. Without discovery there is no issuer to check a response
 * against; the endpoint's origin stands for it.
 */
export function serverFromEndpoints(endpoints: Partial<Record<EndpointName, string>>): oauth.AuthorizationServer {
  const first = Object.values(endpoints).find((url) => url !== undefined)!;
  return { issuer: new URL(first).origin, ...endpoints };
}

/** oauth4webapi's option allowing plain http for `url`, which the user's config chose. */
export function insecureIfHttp(url: string): { [oauth.allowInsecureRequests]?: boolean } {
  return new URL(url).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}

/** How the client proves itself at the token endpoint; `none` for a public client (PKCE, device code). */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export function clientAuthentication(method: ClientAuthMethod, secret: string | undefined): oauth.ClientAuth {
  if (method === 'none' || secret === undefined) return oauth.None();
  return method === 'client_secret_post' ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
}
