/**
 * How a document server's path sits under the path of `base_url` (SPEC.md "Generated operation
 * request routing" 2, 4, 5): the document gives the path shape, the user's `base_url` may already
 * hold part of it, or a prefix of its own in front of it (a gateway's mount point).
 *
 * The segments the end of the base path shares with the start of the server path are written once:
 *
 *   base path   server path   prefix
 *   (none)      /v2           /v2
 *   /v2         /v2           /v2            (base_url already names the version)
 *   /gw/v2      /v2           /gw/v2
 *   /api        /api/v2       /api/v2
 *   /gw         /v2           /gw/v2         (a gateway mounts the API)
 *   /api        (none)        /api           (issue restish#158: the base path is kept)
 *
 * Segments compare as written (case and escapes count). Where this is not what an API needs,
 * `operation_base` names the prefix outright.
 */
export function mountPath(basePath: string, serverPath: string): string {
  const base = segments(basePath);
  const server = segments(serverPath);
  for (let shared = Math.min(base.length, server.length); shared > 0; shared--) {
    if (base.slice(base.length - shared).every((segment, i) => segment === server[i])) return joined([...base, ...server.slice(shared)]);
  }
  return joined([...base, ...server]);
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function joined(parts: string[]): string {
  return parts.length === 0 ? '' : `/${parts.join('/')}`;
}
