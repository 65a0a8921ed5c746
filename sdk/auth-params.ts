/**
 * The params of a built-in auth type (DESIGN.md §6), read so that a missing one is an error a person
 * can act on: it names the API, the profile, the auth type and the param, and gives the
 * `okapi api set` expression that supplies it. Values never appear in these errors: they are secrets.
 */
import { OkapiError } from './shared/errors.js';
import type { AuthInput } from './types.js';

/** `example` stands for the value in the hint, e.g. `<token>` or `env:MY_TOKEN`. */
export function requiredAuthParam(input: AuthInput, type: string, name: string, example: string): string {
  const value = input.params[name];
  if (value !== undefined && value !== '') return value;
  const state = value === undefined ? 'is not set' : 'is empty';
  throw new OkapiError(`${authOwner(type, input)} needs the param "${name}", which ${state}`, {
    hint: authParamHint(input, name, example),
  });
}

/** Names the auth in errors and log lines: "the bearer auth of API x (profile y)". */
export function authOwner(type: string, input: Pick<AuthInput, 'api' | 'profile'>): string {
  return `the ${type} auth of API ${input.api} (profile ${input.profile})`;
}

/** The setup expression that sets one param where the auth is: the profile's, a credential binding's, or a shared auth profile's. */
export function authParamHint(input: Pick<AuthInput, 'api' | 'profile' | 'credential' | 'auth_profile'>, name: string, example: string): string {
  if (input.auth_profile !== undefined) return `okapi config set 'auth_profiles.${input.auth_profile}.params.${name}: ${example}'`;
  const auth = input.credential === undefined ? 'auth' : `credentials.${input.credential}.auth`;
  return `okapi api set ${input.api} 'profiles.${input.profile}.${auth}.params.${name}: ${example}'`;
}
