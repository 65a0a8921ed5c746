/** Method commands (DESIGN.md §6), matched case-insensitively: `okapi get URL`, `okapi POST URL`. */
export const HTTP_METHODS: ReadonlySet<string> = new Set(['get', 'head', 'options', 'post', 'put', 'patch', 'delete']);
