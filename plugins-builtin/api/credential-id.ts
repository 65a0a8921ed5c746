/** A credential id as `api auth` verbs take it: a key of the profile's `credentials` map. */
import { UsageError } from '../../sdk/shared/errors.js';

const MAX_LENGTH = 256;

export function checkCredentialId(id: string): void {
  // eslint-disable-next-line no-control-regex
  if (id === '' || id.length > MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(id) || id === '__proto__') {
    throw new UsageError(`"${id.slice(0, 40)}" cannot be a credential id: use 1 to ${MAX_LENGTH} printable characters, such as the security scheme's name`);
  }
}
