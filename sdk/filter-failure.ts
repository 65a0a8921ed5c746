import { OkapiError } from './shared/errors.js';
import type { FilterFailure } from './types.js';

/**
 * A filter plugin's error as the `failure` its hook answers, so the message, hint and exit code
 * reach okapi unchanged in-process and over the wire alike.
 */
export function filterFailure(error: OkapiError, about: { unreadable: boolean; summary: string }): FilterFailure {
  return {
    message: error.message,
    ...(error.hint !== undefined ? { hint: error.hint } : {}),
    exit_code: error.exitCode,
    ...(about.unreadable ? { unreadable: true } : {}),
    summary: about.summary,
  };
}
