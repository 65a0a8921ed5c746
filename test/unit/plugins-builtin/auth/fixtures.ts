/** Calls a built-in auth plugin's hook in-process, as the kernel's auth phase does. */
import type { Terminal, TokenStore } from '../../../../sdk/services.js';
import type { AuthInput, HeaderMap, PluginDefinition, RequestUpdate } from '../../../../sdk/types.js';

export function authInput(params: Record<string, string>, headers: HeaderMap = {}): AuthInput {
  return { hook: 'auth', protocol_version: 2, features: [], api: 'shop', profile: 'staging', params, request: { method: 'GET', url: 'https://shop.example/items', headers } };
}

/** Static auth types and external-tool keep nothing between runs: any use of the token store fails the test. */
export const untouchedTokens: TokenStore = {
  get: () => Promise.reject(new Error('an auth type that keeps nothing read the token store')),
  set: () => Promise.reject(new Error('an auth type that keeps nothing wrote the token store')),
  delete: () => Promise.reject(new Error('an auth type that keeps nothing deleted from the token store')),
  clear: () => Promise.reject(new Error('an auth type that keeps nothing cleared the token store')),
};

/** A static auth type asks nothing: any use of the terminal fails the test. */
export const untouchedTerminal: Terminal = {
  prompt: () => Promise.reject(new Error('an auth type asked on the terminal')),
  tell: () => {
    throw new Error('an auth type told the user something');
  },
};

export async function authenticateWith(plugin: PluginDefinition, params: Record<string, string>, headers?: HeaderMap): Promise<RequestUpdate> {
  return plugin.hooks.auth!(authInput(params, headers), { log: () => undefined, tokens: untouchedTokens, ...untouchedTerminal });
}

/** The error the hook throws, for its message and hint. */
export async function authFailure(plugin: PluginDefinition, params: Record<string, string>): Promise<{ message: string; hint?: string }> {
  try {
    await authenticateWith(plugin, params);
  } catch (error) {
    return error as { message: string; hint?: string };
  }
  throw new Error('the auth hook succeeded');
}
