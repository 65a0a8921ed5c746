/** File-system errors in words, with the code for searching: "permission denied (EACCES)". */
export function describeFsError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reasons: Record<string, string> = {
      EACCES: 'permission denied',
      EPERM: 'operation not permitted',
      EROFS: 'read-only file system',
      ENOSPC: 'no space left on device',
      EDQUOT: 'disk quota exceeded',
      EISDIR: 'it is a directory',
      ENOTDIR: 'a parent of the path is not a directory',
      ENOENT: 'no such file or directory',
      ELOOP: 'too many levels of symbolic links',
      EMFILE: 'too many open files',
    };
    const reason = code === undefined ? undefined : reasons[code];
    if (reason !== undefined) return `${reason} (${code})`;
    return error.message;
  }
  return String(error);
}
