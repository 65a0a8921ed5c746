/** Path segments as jq writes a path: `.h`, `.items[2]`, `.["a b"]`, `.` for none. */
export function jqPath(segments: ReadonlyArray<string | number>): string {
  const path = segments.map(segmentText).join('');
  return path === '' || path.startsWith('[') ? `.${path}` : path;
}

function segmentText(segment: string | number): string {
  if (typeof segment === 'number') return `[${segment}]`;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `.[${JSON.stringify(segment)}]`;
}
