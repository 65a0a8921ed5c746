import type { FilterFailure } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { FilterLanguage } from './language.js';

/** A `-f` filter that failed, as its language's plugin reported it: exit 2 for a bad expression, 1 for a failed run. */
export class FilterError extends OkapiError {
  constructor(
    readonly language: FilterLanguage,
    readonly failure: FilterFailure,
  ) {
    super(failure.message, { exitCode: failure.exit_code, ...(failure.hint !== undefined ? { hint: failure.hint } : {}) });
    this.name = 'FilterError';
  }
}
