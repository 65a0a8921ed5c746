/**
 * An API name as a plugin passed it to a host service. Every name becomes part of a cache path
 * (kernel/api/cache-paths.ts encodes it, but leaves `.` and `..` as they are), so each is checked
 * before use whatever the plugin: a string, not too long, and never a path step.
 */
import { apiNameLengthProblem } from '../../sdk/shared/api-names.js';
import { OkapiError } from '../../sdk/shared/errors.js';

export function checkedApiName(name: unknown): string {
  if (typeof name !== 'string' || name === '') throw new OkapiError('an API name must be a non-empty string');
  const tooLong = apiNameLengthProblem(name);
  if (tooLong) throw new OkapiError(tooLong);
  if (name === '.' || name === '..' || name === '__proto__') throw new OkapiError(`"${name}" cannot be an API name`);
  return name;
}
