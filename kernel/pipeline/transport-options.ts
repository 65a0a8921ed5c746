/** The transport settings of a request, from its limits. */
import type { TransportOptions } from '../transport/index.js';
import type { TransportLimits } from './request-description.js';

const MIB = 1024 * 1024;
const DEFAULT_MAX_BODY_MIB = 100;

/** `recordHops`: something will show every hop as it went on the wire (output-options.ts showsExchange). */
export function transportOptionsFor(limits: TransportLimits, recordHops: boolean): TransportOptions {
  const options: TransportOptions = { ...limits, maxBodySize: limits.maxBodySize ?? DEFAULT_MAX_BODY_MIB * MIB };
  if (recordHops) options.recordHops = true;
  return options;
}
