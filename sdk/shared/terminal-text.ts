/**
 * Foreign text (what a plugin or a server wrote) quoted in okapi's diagnostics cannot steer the
 * terminal: an escape sequence there could clear the screen, retitle the window, fake a prompt or
 * hide what follows. Control characters become visible escapes (`ESC` is shown as `\x1b`), as do
 * the bidirectional overrides that reorder what is shown. Line breaks and tabs stay: diagnostics
 * have lines. Response bodies on stdout are the user's data and never pass through here.
 */

// C0 controls but tab and line feed, DEL, C1 controls, and the bidirectional embeddings,
// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function visibleControls(text: string): string {
  return text.replace(UNSAFE, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}
