/**
 * The built-in loader: API description bytes (JSON or YAML) become an OpenAPI 3 document; a
 * Swagger 2.0 document is converted; anything else is refused with an error naming the source.
 * A document a `$ref` points into (`referenced`) is only parsed: it is a part of a description.
 * `$ref`s are left as they are: resolving them is the caller's job (it knows where they may lead).
 */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';
import { parseDescription } from './parse.js';
import { toOpenApi3 } from './validate.js';

export default definePlugin({
  ...meta,
  hooks: {
    async loader(input) {
      const source = input.local_path ?? input.source_url ?? 'the document';
      const value = await parseDescription(input.body, { source, contentType: input.content_type });
      return { document: input.referenced ? value : toOpenApi3(value, source, input.source_url) };
    },
  },
});
