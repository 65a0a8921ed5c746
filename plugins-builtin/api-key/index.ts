/**
 * The `api-key` auth type (DESIGN.md §6): the param `value` sent under the param `name`, as a header,
 * a query parameter or a cookie (`in`). A cookie joins the request's Cookie header, replacing a
 * cookie of the same name, so cookies given with -H or by a profile are kept.
 */
import { definePlugin } from '../../sdk/define.js';
import { cookieLine, cookiePairsOf } from '../../sdk/shared/cookie-pairs.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { redactKeepingLength } from '../../sdk/shared/redact.js';
import { authOwner, authParamHint, requiredAuthParam } from '../../sdk/auth-params.js';
import type { AuthInput, RequestUpdate } from '../../sdk/types.js';
import meta from './manifest.js';

const PLACES = ['header', 'query', 'cookie'] as const;
type Place = (typeof PLACES)[number];

export default definePlugin({
  ...meta,
  hooks: {
    auth(input) {
      const place = placeOf(input);
      const name = requiredAuthParam(input, 'api-key', 'name', place === 'header' ? 'X-API-Key' : 'api_key');
      const value = requiredAuthParam(input, 'api-key', 'value', 'env:MY_API_KEY');
      if (place === 'header') return { headers: { [name]: value } };
      if (place === 'query') return { query: { [name]: value } };
      return cookieUpdate(input, name, value);
    },
  },
});

function placeOf(input: AuthInput): Place {
  const place = requiredAuthParam(input, 'api-key', 'in', 'header');
  if ((PLACES as readonly string[]).includes(place)) return place as Place;
  // A key put in "in" by mistake is still a key: a token-shaped value is shown masked.
  throw new OkapiError(`${authOwner('api-key', input)} has the param "in" set to "${redactKeepingLength(place)}", but it must be header, query or cookie`, {
    hint: authParamHint(input, 'in', 'header'),
  });
}

function cookieUpdate(input: AuthInput, name: string, value: string): RequestUpdate {
  const headerName = Object.keys(input.request.headers).find((header) => header.toLowerCase() === 'cookie');
  const others = cookiePairsOf(headerName ? input.request.headers[headerName]! : []).filter(([cookie]) => cookie !== name);
  // Header updates replace every spelling of the name (DESIGN.md §3): the one Cookie line holds them all.
  return { headers: { Cookie: cookieLine([...others, [name, `${name}=${value}`]]) } };
}
