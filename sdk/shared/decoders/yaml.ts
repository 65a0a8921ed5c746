/** YAML bodies: application/yaml and its older spellings, and every `+yaml` type. */
import { checkValueNesting, checkYamlTextNesting, NestingError } from '../nesting.js';
import { exactNumberReadingTags } from '../yaml-exact-number.js';
import { objectFromEntries, type MapKeyRules } from '../map-keys.js';
import { OkapiError } from '../errors.js';
import { decodeText, UndecodableBodyError, type BodyDecoder } from './decoder.js';

const YAML_TYPES = new Set(['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml']);

/**
 * One document decodes to its value; a stream of several to an array of them, like a JSON
 * sequence. `reason` says why YAML that does not parse is not YAML.
 */
export async function parseYaml(text: string): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  const { parseAllDocuments } = await import('yaml');
  checkYamlTextNesting(text);
  try {
    const documents = parseAllDocuments(text, { customTags: exactNumberReadingTags(['binary']) });
    const error = documents.flatMap((doc) => doc.errors)[0];
    if (error) return { ok: false, reason: error.message.split('\n')[0]! };
    // Read as Maps and made objects here: the yaml package's own objects let "1" overwrite 1.
    const values = documents.map((doc, index) => {
      return objectsFromMaps(doc.toJS({ mapAsMap: true }), documents.length === 1 ? [] : [index]);
    });
    const value = values.length === 0 ? null : values.length === 1 ? values[0] : values;
    // Aliases can nest a value deeper than its text does.
    checkValueNesting(value);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof NestingError || error instanceof OkapiError) throw error;
    // toJS refuses alias bombs (more aliases than maxAliasCount allows).
    return { ok: false, reason: (error as Error).message };
  }
}

export const yamlDecoder: BodyDecoder = {
  accept: [{ range: 'application/yaml', q: 0.8 }],
  handles: (mediaType) => YAML_TYPES.has(mediaType) || mediaType.endsWith('+yaml'),
  async decode(bytes, mediaType, charset) {
    const result = await parseYaml(decodeText(bytes, charset));
    if (!result.ok) throw new UndecodableBodyError('YAML', mediaType, result.reason);
    return result.value;
  },
};

/** `~` as a key is the empty text, as the yaml package's own objects have it. */
const YAML_KEYS: MapKeyRules = { map: 'a YAML map', scalarName: (key) => (key === null ? '' : String(key)) };

/**
 * Recursion is bounded: the text was checked against MAX_NESTING. An alias shares its array, whose
 * maps the first visit already made objects; the later visits leave them be.
 */
function objectsFromMaps(value: unknown, path: Array<string | number>): unknown {
  if (value instanceof Map) return objectFromEntries(value as Map<unknown, unknown>, path, YAML_KEYS, objectsFromMaps);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      value[i] = objectsFromMaps(value[i], path);
      path.pop();
    }
  }
  return value;
}
