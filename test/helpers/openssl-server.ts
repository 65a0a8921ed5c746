/**
 * `openssl s_server` on 127.0.0.1 requiring a client certificate from one CA: a server that, like
 * most outside Node, refuses a certificate it cannot verify inside the handshake with a TLS alert
 * (unknown ca), where Node's own server completes the handshake and then just closes. It answers
 * every request with its status page (`-www`).
 */
import { spawn } from 'node:child_process';
import type { KeyPair } from './test-certificates.js';

export interface OpensslServer {
  origin: string;
  close(): Promise<void>;
}

export function startOpensslServer(server: KeyPair, trustedCa: KeyPair): Promise<OpensslServer> {
  const child = spawn(
    'openssl',
    ['s_server', '-accept', '127.0.0.1:0', '-cert', server.cert.path, '-key', server.key.path, '-CAfile', trustedCa.cert.path, '-Verify', '1', '-verify_return_error', '-www'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let banner: string | null = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    // The port it bound comes on its first line of output; the rest (a log per connection) is drained.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (banner === null) return;
      banner += chunk;
      const port = /ACCEPT 127\.0\.0\.1:(\d+)/.exec(banner)?.[1];
      if (port === undefined) return;
      banner = null;
      resolve({ origin: `https://127.0.0.1:${port}`, close });
    });
    child.once('error', (error) => reject(new Error(`cannot start openssl s_server: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`openssl s_server exited (code ${code}) before listening: ${stderr.trim()}`)));
  });
}
