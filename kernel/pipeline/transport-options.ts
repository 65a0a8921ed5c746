/** The transport settings a run asks for, from its flags. */
import type { Invocation } from '../invocation.js';
import { parseDuration } from '../plugins/duration.js';
import type { TransportOptions } from '../transport/index.js';
import { printPlanFor } from '../output/print-plan.js';

const MIB = 1024 * 1024;
const DEFAULT_MAX_BODY_MIB = 100;

export function transportOptionsFor(inv: Invocation): TransportOptions {
  const timeout = inv.string('okapi-timeout');
  const maxMiB = Number(inv.string('okapi-max-body-size') ?? '0') || DEFAULT_MAX_BODY_MIB;
  const min = inv.string('okapi-tls-min-version');
  const options: TransportOptions = { maxBodySize: maxMiB * MIB };
  if (timeout !== undefined) options.timeoutMs = parseDuration(timeout)!;
  if (inv.flag('okapi-insecure')) options.insecure = true;
  const ca = inv.string('okapi-ca-cert');
  if (ca !== undefined) options.caCertPath = ca;
  const cert = inv.string('okapi-client-cert');
  if (cert !== undefined) options.clientCertPath = cert;
  const key = inv.string('okapi-client-key');
  if (key !== undefined) options.clientKeyPath = key;
  if (min !== undefined) options.tlsMinVersion = min === 'TLS1.3' ? 'TLSv1.3' : 'TLSv1.2';
  if (showsExchange(inv)) options.recordHops = true;
  return options;
}

/** -v and the print plan's head and request-body parts show every hop as it went on the wire. */
function showsExchange(inv: Invocation): boolean {
  if (inv.flag('okapi-silent')) return false;
  if (inv.verbose > 0) return true;
  const plan = printPlanFor(inv);
  return plan.requestHead || plan.requestBody || plan.responseHead;
}
