/** What `-vv` shows about a TLS connection: protocol, cipher, the peer certificate, ALPN. */
import type { Socket } from 'node:net';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import type { TlsDetails } from './types.js';

export function tlsDetailsOf(socket: Socket | undefined): TlsDetails | undefined {
  if (!socket || !isTlsSocket(socket)) return undefined;
  const details: TlsDetails = {
    protocol: socket.getProtocol() ?? null,
    cipher: socket.getCipher()?.name ?? null,
    alpn: typeof socket.alpnProtocol === 'string' ? socket.alpnProtocol : null,
  };
  // Null once the socket is gone, an empty object when the session was resumed without one.
  const cert: PeerCertificate | null = socket.getPeerCertificate(false);
  if (cert && Object.keys(cert).length > 0) {
    const subject = distinguishedName(cert.subject);
    const issuer = distinguishedName(cert.issuer);
    if (subject) details.subject = subject;
    if (issuer) details.issuer = issuer;
    if (cert.valid_to) details.validTo = isoDate(cert.valid_to);
  }
  return details;
}

/** `socket.alpnProtocol === 'h2'` is how undici decides to speak HTTP/2 on a connection. */
export function httpVersionOf(socket: Socket | undefined): string {
  return socket && isTlsSocket(socket) && socket.alpnProtocol === 'h2' ? '2' : '1.1';
}

function isTlsSocket(socket: Socket): socket is TLSSocket {
  return typeof (socket as Partial<TLSSocket>).getPeerCertificate === 'function';
}

function distinguishedName(name: PeerCertificate['subject'] | undefined): string | undefined {
  if (!name || typeof name !== 'object') return undefined;
  const parts = Object.entries(name as unknown as Record<string, string | string[]>).map(
    ([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`,
  );
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function isoDate(openssl: string): string {
  const date = new Date(openssl);
  return Number.isNaN(date.getTime()) ? openssl : date.toISOString();
}
