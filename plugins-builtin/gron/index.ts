/**
 * The `gron` format: one JavaScript assignment per line, so a document can be grepped by path and
 * the matching lines turned back into JSON ("ungron"):
 *
 *     json = {};
 *     json.owner = {};
 *     json.owner.login = "ada";
 *     json.tags = [];
 *     json.tags[0] = "x";
 *     json["content-type"] = "text/plain";
 *
 * Keys stay in the document's order. A JSON body that nothing needs decoded arrives raw and is
 * rendered as it streams; records (pages, stream events) are the elements of one array, `json[0]`,
 * `json[1]`, …, written as they arrive.
 */
import { definePlugin } from '../../sdk/define.js';
import { ROOT } from './accessor.js';
import { assignments, Output } from './assignments.js';
import meta from './manifest.js';
import { JsonTextError } from '../../sdk/shared/json-syntax.js';
import { GronStream } from './stream.js';
import { refuseUnwritable } from '../../sdk/shared/unwritable.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      if (start.raw) {
        const stream = new GronStream((chunk) => ctx.write(chunk));
        try {
          for await (const chunk of items) stream.push(chunk as Uint8Array);
          stream.end();
        } catch (error) {
          if (error instanceof JsonTextError) throw new Error(`the response body says it is JSON but is not: ${error.message}`);
          throw error;
        }
        return;
      }
      const out = new Output((text) => ctx.write(text));
      if (start.document) {
        for await (const item of items) {
          refuseUnwritable(item, '-o gron', 'gron (JSON)');
          assignments(ROOT, item, out);
        }
      } else {
        out.add(`${ROOT} = [];\n`);
        let index = 0;
        for await (const item of items) {
          refuseUnwritable(item, '-o gron', 'gron (JSON)');
          assignments(`${ROOT}[${index++}]`, item, out);
          out.flush();
        }
      }
      out.flush();
    },
  },
});
