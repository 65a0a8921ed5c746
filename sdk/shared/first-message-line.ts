/**
 * The first line of an error message, without the colon that introduced what followed it: parser
 * messages (YAML's, jq's) go on to draw their own excerpt, which okapi's message replaces.
 */
export function firstMessageLine(message: string): string {
  const newline = message.indexOf('\n');
  return (newline === -1 ? message : message.slice(0, newline)).replace(/:\s*$/, '');
}
