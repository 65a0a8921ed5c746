/**
 * The hops a redirect chain had completed when it failed (a loop, too many redirects, a later hop
 * refused), kept beside the error so -v can still show how the chain got there.
 */
import type { RecordedHop } from './types.js';

const hopsOfFailure = new WeakMap<object, RecordedHop[]>();

/** `error`, noted as having ended a chain after `hops` (when they were recorded and there are any). */
export function afterHops<E>(error: E, hops: RecordedHop[] | undefined): E {
  if (hops && hops.length > 0 && typeof error === 'object' && error !== null) hopsOfFailure.set(error, hops);
  return error;
}

export function hopsBeforeFailure(error: unknown): RecordedHop[] | undefined {
  return typeof error === 'object' && error !== null ? hopsOfFailure.get(error) : undefined;
}
