/**
 * The two terminal graphics protocols: kitty's (APC `ESC _ G keys ; base64 ESC \`, sent in chunks)
 * and iTerm2's inline images (OSC 1337 `File=…:base64 BEL`). Both let the terminal scale the
 * image; okapi only names a width in cells when the image would otherwise overflow.
 */

/** Base64 characters per kitty chunk, the protocol's maximum. */
export const KITTY_CHUNK = 4096;

/**
 * Pixels per cell column assumed when no terminal says: cells are about 7–10 pixels wide at
 * ordinary density. Only used to decide whether an image needs shrinking to fit.
 */
export const ASSUMED_CELL_PIXELS = 8;

/**
 * The width in cells to ask for: the terminal's columns when an image `pixelWidth` wide would be
 * wider than them, otherwise (or when the header gave no size) undefined: the terminal draws it at
 * its own size, never enlarged.
 */
export function fitColumns(pixelWidth: number | undefined, columns: number): number | undefined {
  const available = Math.max(1, Math.floor(columns));
  return pixelWidth !== undefined && pixelWidth > available * ASSUMED_CELL_PIXELS ? available : undefined;
}

/**
 * A kitty graphics transmit-and-display command. `keys` describe the payload (`f=100` for PNG
 * bytes, or `f=32,s=…,v=…` for RGBA); `q=2` keeps the terminal from answering on stdin, and is
 * repeated on every chunk because kitty reads it per chunk. Ends with a newline below the image.
 */
export function kittyImage(payload: Uint8Array, keys: string, columns: number | undefined): string {
  const data = base64(payload);
  const first = `a=T,${keys}${columns === undefined ? '' : `,c=${columns}`},q=2`;
  const parts: string[] = [];
  for (let at = 0; at === 0 || at < data.length; at += KITTY_CHUNK) {
    const more = at + KITTY_CHUNK < data.length ? 1 : 0;
    const control = at === 0 ? `${first},m=${more}` : `m=${more},q=2`;
    parts.push(`\x1b_G${control};${data.slice(at, at + KITTY_CHUNK)}\x1b\\`);
  }
  return `${parts.join('')}\n`;
}

/** An iTerm2 inline image of the file's own bytes; `columns` undefined means its natural width. */
export function itermImage(file: Uint8Array, columns: number | undefined): string {
  const args = `inline=1;size=${file.length};width=${columns ?? 'auto'};preserveAspectRatio=1`;
  return `\x1b]1337;File=${args}:${base64(file)}\x07\n`;
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
