/**
 * The `image` format: a PNG, JPEG or GIF body drawn in the terminal, through the kitty graphics
 * protocol, iTerm2 inline images or Unicode half-blocks (see sdk/shared/image/protocol.ts). Asked for explicitly,
 * it draws even when stdout is not a terminal, so the bytes can be captured and replayed.
 */
import { definePlugin } from '../../sdk/define.js';
import { drawImage } from '../../sdk/shared/image/draw.js';
import meta from './manifest.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      for await (const item of items) {
        ctx.write(await drawImage(item, start, process.env));
      }
    },
  },
});
