/**
 * Network, TLS and protocol failures into OkapiError (exit 1): what went wrong, with which host,
 * why, and a hint saying what to do. Messages are built from the URL's host and port only, and
 * any library text passed through is redacted, so user information and credential query values
 * never appear.
 */
import { isIP } from 'node:net';
import { OkapiError } from '../../sdk/shared/errors.js';
import { redactText, redactUrl } from '../../sdk/shared/redact.js';
import { formatDuration } from '../plugins/duration.js';

export interface FailureContext {
  /** The URL of the request that failed (the current hop of a redirect chain). */
  url: URL;
  timeoutMs?: number | undefined;
  tlsMinVersion: 'TLSv1.2' | 'TLSv1.3';
  clientCertificate: boolean;
  /** The proxy the environment names for this URL's scheme, if any. */
  proxy?: string | undefined;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  hostname?: unknown;
  address?: unknown;
  port?: unknown;
  reason?: unknown;
  errors?: unknown;
  cause?: unknown;
}

const TRUST_HINT = 'if you trust this server, pass the CA that issued its certificate with --okapi-ca-cert <file>, or skip verification with --okapi-insecure (unsafe)';
const CLIENT_CERT_HINT = 'pass a client certificate with --okapi-client-cert <file> and its key with --okapi-client-key <file>';

export function timeoutError(context: FailureContext): OkapiError {
  const limit = context.timeoutMs ?? 0;
  const duration = formatDuration(limit);
  return new OkapiError(`the request to ${context.url.host} did not complete within ${duration}: timed out (-t ${duration})`, {
    hint: `the server is slow or not answering; allow more time with a larger -t, e.g. -t ${formatDuration(Math.max(limit * 2, 1000))}`,
  });
}

export function translateError(error: unknown, context: FailureContext): OkapiError {
  if (error instanceof OkapiError) return error;
  const err = primary(error);
  // OpenSSL 3.2 and later (Node 24) name TLS alerts SSL/TLS_ALERT_*, older ones SSLV3_ALERT_*.
  const code = typeof err.code === 'string' ? err.code.replace('ERR_SSL_SSL/TLS_ALERT_', 'ERR_SSL_SSLV3_ALERT_') : '';
  const message = typeof err.message === 'string' ? err.message : String(error);
  const url = context.url;
  const hostPort = `${url.hostname}:${effectivePort(url)}`;
  const viaProxy = proxyInvolved(err, context.proxy);
  const wrap = (text: string, hint: string): OkapiError => new OkapiError(text, { hint, cause: error });

  if (viaProxy) {
    const proxyName = describeProxy(viaProxy);
    switch (code) {
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return wrap(`could not resolve host ${new URL(viaProxy).hostname} of ${proxyName} (used for ${url.host})`, 'check the proxy variables (HTTP_PROXY, HTTPS_PROXY), or exempt the host with NO_PROXY');
      case 'ECONNREFUSED':
        return wrap(`connection refused by ${proxyName} (used for ${url.host})`, 'check that the proxy is running and the proxy variables (HTTP_PROXY, HTTPS_PROXY) are right, or exempt the host with NO_PROXY');
    }
  }

  const tunnel = /Proxy response \((\d+)\)/.exec(message);
  if (tunnel || /Proxy Authentication Required/.test(message)) {
    const status = tunnel?.[1] ?? '407';
    const proxyName = describeProxy(context.proxy);
    return status === '407'
      ? wrap(`${proxyName} requires authentication to reach ${url.host} (status 407)`, 'put the proxy credentials in the proxy URL, e.g. HTTPS_PROXY=http://user:password@proxy:port')
      : wrap(`${proxyName} refused to connect okapi to ${hostPort} (status ${status})`, 'check the proxy variables (HTTP_PROXY, HTTPS_PROXY), or exempt the host with NO_PROXY');
  }
  if (code === 'UND_ERR_PRX_TLS') {
    const cause = primary(err.cause);
    return wrap(`TLS connection to ${describeProxy(context.proxy)} failed: ${redactText(String(cause.message ?? message))}`, 'check the proxy URL and its certificate (--okapi-ca-cert trusts a private CA)');
  }

  switch (code) {
    case 'ENOTFOUND':
      return wrap(`could not resolve host ${url.hostname}`, 'check the host name in the URL, and your network connection or DNS settings');
    case 'EAI_AGAIN':
      return wrap(`could not resolve host ${url.hostname}: the DNS lookup failed temporarily`, 'check your network connection and try again');
    case 'ECONNREFUSED':
      return wrap(`connection refused by ${hostPort}`, 'nothing accepts connections there: check the host, the port and the scheme (http/https), and that the server is running');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
    case 'EADDRNOTAVAIL':
      return wrap(`cannot reach ${hostPort}: ${code === 'EHOSTUNREACH' ? 'no route to host' : 'the network is unreachable'}`, 'check your network connection, VPN or firewall');
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return wrap(`could not connect to ${hostPort}: no answer${connectTimeoutOf(message)}`, 'check that the host and port are right and reachable from this network (a firewall may be dropping the connection)');
    case 'UND_ERR_HEADERS_TIMEOUT':
      return wrap(`${url.host} sent no response headers within the transport's default limit (300s)`, 'allow more time with -t, e.g. -t 10m');
    case 'UND_ERR_BODY_TIMEOUT':
      return wrap(`${url.host} stopped sending the response body (nothing received for 300s)`, 'allow more time with -t, e.g. -t 10m');
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
    case 'ERR_HTTP2_STREAM_ERROR':
    case 'ERR_HTTP2_SESSION_ERROR':
    case 'ERR_HTTP2_GOAWAY_SESSION':
    case 'ERR_HTTP2_INVALID_SESSION':
      if (/before secure TLS connection/i.test(message)) {
        return wrap(
          `the TLS handshake with ${hostPort} was cut off by the server`,
          context.clientCertificate
            ? 'the server may not accept this client certificate (--okapi-client-cert), or okapi\'s TLS settings (--okapi-tls-min-version)'
            : `the server may require a client certificate (${CLIENT_CERT_HINT.replace(/^pass /, '')}), or reject okapi's TLS settings (--okapi-tls-min-version)`,
        );
      }
      if ((code === 'UND_ERR_SOCKET' && answeredNothing(err)) || (code === 'ECONNRESET' && message === 'socket hang up')) {
        return wrap(
          `${hostPort} closed the connection without answering`,
          context.url.protocol === 'https:' && context.clientCertificate
            ? 'the server may not accept this client certificate (--okapi-client-cert): check that it is issued by a CA the server trusts and is still valid'
            : 'the server (or a proxy in between) dropped the connection; try again, or check the server logs',
        );
      }
      // Node's client says "aborted" when the connection ends before the body does.
      return wrap(
        `the connection to ${hostPort} was ${code === 'ECONNRESET' && message !== 'aborted' ? 'reset' : 'closed'} by the server before the response was complete`,
        'the server (or a proxy in between) dropped the connection; try again, or check the server logs',
      );
    case 'UND_ERR_INVALID_ARG':
    case 'ERR_INVALID_HTTP_TOKEN':
    case 'ERR_INVALID_CHAR':
      return wrap(`cannot send the request to ${url.host}: ${redactText(message)}`, 'check the method and the headers; hop-by-hop headers (Connection, Keep-Alive, Transfer-Encoding, Upgrade) cannot be set');
  }

  if (code.startsWith('HPE_')) {
    return wrap(`${hostPort} sent a response that is not valid HTTP (${redactText(message)})`, 'check the port and the scheme: is it an HTTP server, and does it expect https:// rather than http://?');
  }

  const tls = translateTls(code, message, err, context, hostPort, wrap);
  if (tls) return tls;

  const aborted = code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR' || (error as Error | undefined)?.name === 'AbortError';
  return wrap(
    aborted ? `the request to ${url.host} was aborted` : `the request to ${redactUrl(url)} failed: ${redactText(message)}${code && !message.includes(code) ? ` (${code})` : ''}`,
    'try again; run with -v to see the exchange',
  );
}

function translateTls(
  code: string,
  message: string,
  err: ErrorLike,
  context: FailureContext,
  hostPort: string,
  wrap: (text: string, hint: string) => OkapiError,
): OkapiError | undefined {
  const host = context.url.host;
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return wrap(`the certificate of ${host} is self-signed, and okapi does not trust it`, TRUST_HINT);
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_UNTRUSTED':
    case 'CERT_CHAIN_TOO_LONG':
      return wrap(`the certificate of ${host} was issued by a certificate authority okapi does not trust`, TRUST_HINT);
    case 'CERT_HAS_EXPIRED':
      return wrap(`the certificate of ${host} has expired`, `the server's certificate needs renewing; ${TRUST_HINT.replace(/^if you trust this server, /, 'if you trust it anyway, ')}`);
    case 'CERT_NOT_YET_VALID':
      return wrap(`the certificate of ${host} is not valid yet (check this computer's clock)`, TRUST_HINT);
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      const reason = typeof err.reason === 'string' ? `: ${err.reason}` : '';
      return wrap(`the certificate of ${host} is not valid for the name ${context.url.hostname}${redactText(reason)}`, `check the host name in the URL; ${TRUST_HINT}`);
    }
    case 'INVALID_PURPOSE':
      return wrap(`the certificate of ${host} is not meant for a TLS server (unsuitable certificate purpose)`, TRUST_HINT);
    case 'CERT_REVOKED':
      return wrap(`the certificate of ${host} has been revoked`, 'do not trust this server; --okapi-insecure skips verification (unsafe)');
    case 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION':
    case 'ERR_SSL_UNSUPPORTED_PROTOCOL':
    case 'ERR_SSL_NO_PROTOCOLS_AVAILABLE':
    case 'ERR_SSL_VERSION_TOO_LOW':
      return context.tlsMinVersion === 'TLSv1.3'
        ? wrap(`${hostPort} does not support TLS 1.3, the minimum okapi was asked for`, 'allow TLS 1.2 with --okapi-tls-min-version TLS1.2')
        : wrap(`${hostPort} supports only TLS versions older than 1.2, which okapi refuses`, 'the server needs upgrading; okapi accepts TLS 1.2 or newer (--okapi-tls-min-version)');
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
    case 'ERR_SSL_RECORD_LAYER_FAILURE':
      return wrap(`${hostPort} did not answer with TLS`, 'if it is a plain HTTP server, use http:// instead of https://');
    case 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED':
      return wrap(`${host} requires a client certificate`, CLIENT_CERT_HINT);
    case 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE':
      return wrap(
        `the TLS handshake with ${hostPort} failed (the server sent a handshake failure alert)`,
        context.clientCertificate
          ? 'the server may not accept this client certificate, or shares no cipher or TLS version with okapi (--okapi-tls-min-version)'
          : `the server may require a client certificate (${CLIENT_CERT_HINT.replace(/^pass /, '')}), or share no cipher or TLS version with okapi`,
      );
    case 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA':
    case 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE':
    case 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN':
    case 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED':
    case 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED':
    case 'ERR_SSL_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE':
    case 'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED':
      return context.clientCertificate
        ? wrap(`${host} rejected okapi's client certificate (${alertName(code)})`, 'check that --okapi-client-cert is issued by a CA the server trusts, is still valid, and is meant for client authentication')
        : wrap(`${host} refused the TLS connection (${alertName(code)})`, `the server may require a client certificate: ${CLIENT_CERT_HINT}`);
  }
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code.startsWith('ERR_OSSL_') || /^(CERT_|UNABLE_TO_|X509_)/.test(code)) {
    return wrap(`TLS error with ${hostPort}: ${cleanOpenSslMessage(message)}`, TRUST_HINT);
  }
  return undefined;
}

/** The error to explain: the first of an AggregateError (happy eyeballs), else the error itself. */
function primary(error: unknown): ErrorLike {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const err = error as ErrorLike;
  if (typeof err.code !== 'string' && Array.isArray(err.errors) && err.errors.length > 0) {
    return primary(err.errors[0]);
  }
  return err;
}

/**
 * undici's SocketError carries the socket's counters: nothing read means no response at all.
 * (Node's client says the same with "socket hang up".)
 */
function answeredNothing(err: ErrorLike): boolean {
  const socket = (err as { socket?: { bytesRead?: unknown } }).socket;
  return socket?.bytesRead === 0;
}

function proxyInvolved(err: ErrorLike, proxy: string | undefined): string | undefined {
  if (!proxy || !URL.canParse(proxy)) return undefined;
  const parsed = new URL(proxy);
  const proxyHost = parsed.hostname.replace(/^\[|\]$/g, '');
  if (typeof err.hostname === 'string' && err.hostname === proxyHost) return proxy;
  if (err.port !== undefined && String(err.port) === effectivePort(parsed) && typeof err.address === 'string') {
    if (isIP(proxyHost) === 0 || err.address === proxyHost) return proxy;
  }
  return undefined;
}

function describeProxy(proxy: string | undefined): string {
  return proxy !== undefined && URL.canParse(proxy) ? `the proxy ${new URL(proxy).host}` : 'the proxy';
}

function connectTimeoutOf(message: string): string {
  const match = /timeout: (\d+)ms/.exec(message);
  return match ? ` within ${formatDuration(Number(match[1]))}` : '';
}

function alertName(code: string): string {
  return code.replace(/^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_ALERT_/, '').toLowerCase().replace(/_/g, ' ');
}

function cleanOpenSslMessage(message: string): string {
  const match = /SSL routines:[^:]*:([^:]+)/.exec(message);
  return redactText(match?.[1]?.trim() ?? message.split('\n')[0]!.trim());
}

/** The port a URL connects to, written or implied by its scheme. */
function effectivePort(url: URL): string {
  return url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
}
