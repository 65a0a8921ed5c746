/** YAML bodies: application/yaml and its older spellings, and every `+yaml` type. */
import { exactNumberReadingTags } from '../../../sdk/yaml-exact-number.js';
import { decodeText, type BodyDecoder } from './decoder.js';

const YAML_TYPES = new Set(['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml']);

/**
 * One document decodes to its value; a stream of several to an array of them, like a JSON
 * sequence. YAML that does not parse stays text.
 */
export async function parseYaml(text: string): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const { parseAllDocuments } = await import('yaml');
  try {
    const documents = parseAllDocuments(text, { customTags: exactNumberReadingTags(['binary']) });
    if (documents.some((doc) => doc.errors.length > 0)) return { ok: false };
    const values = documents.map((doc) => doc.toJS());
    return { ok: true, value: values.length === 0 ? null : values.length === 1 ? values[0] : values };
  } catch {
    // toJS refuses alias bombs (more aliases than maxAliasCount allows).
    return { ok: false };
  }
}

export const yamlDecoder: BodyDecoder = {
  accept: [{ range: 'application/yaml', q: 0.8 }],
  handles: (mediaType) => YAML_TYPES.has(mediaType) || mediaType.endsWith('+yaml'),
  async decode(bytes, _mediaType, charset) {
    const text = decodeText(bytes, charset);
    const result = await parseYaml(text);
    return result.ok ? result.value : text;
  },
};
