/**
 * How many terminal columns a string takes: East Asian wide and fullwidth characters and emoji
 * count 2, combining marks and other zero-width characters 0, everything else 1. Emoji sequences
 * count as the one glyph a terminal draws: a ZWJ sequence (👩‍💻), a flag (two regional
 * indicators), an emoji with a skin tone, or a text symbol made an emoji by U+FE0F (❤️) all
 * count 2. Control characters count 0: callers show them escaped instead.
 */

/** East Asian Width W and F ranges (Unicode 15), emoji aside: those are found by their property. */
const WIDE: readonly number[] = [
  0x1100, 0x115f, // Hangul Jamo initial consonants
  0x2329, 0x232a, // angle brackets
  0x2e80, 0x303e, // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
  0x3041, 0x33ff, // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed and compatibility
  0x3400, 0x4dbf, // CJK extension A
  0x4e00, 0x9fff, // CJK unified ideographs
  0xa000, 0xa4cf, // Yi syllables and radicals
  0xa960, 0xa97f, // Hangul Jamo extended A
  0xac00, 0xd7a3, // Hangul syllables
  0xf900, 0xfaff, // CJK compatibility ideographs
  0xfe10, 0xfe19, // vertical forms
  0xfe30, 0xfe6f, // CJK compatibility forms, small form variants
  0xff00, 0xff60, // fullwidth forms
  0xffe0, 0xffe6, // fullwidth signs
  0x16fe0, 0x16fe4, // ideographic symbols and punctuation
  0x16ff0, 0x16ff1,
  0x17000, 0x18cff, // Tangut, Khitan
  0x18d00, 0x18d08,
  0x1aff0, 0x1b2ff, // Kana extended and supplement, Nushu
  0x1f200, 0x1f2ff, // enclosed ideographic supplement
  0x20000, 0x2fffd, // CJK extensions B to F
  0x30000, 0x3fffd, // CJK extensions G and H
];

const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const ZWJ = 0x200d;
const VS16 = 0xfe0f;

function inWide(cp: number): boolean {
  let lo = 0;
  let hi = WIDE.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < WIDE[mid * 2]!) hi = mid - 1;
    else if (cp > WIDE[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** What the characters before the current one leave behind for it. */
interface State {
  /** The last character was a ZWJ: an emoji now joins the glyph before it. */
  joining: boolean;
  /** The last glyph was an emoji (width 2): a skin tone modifier now joins it. */
  emoji: boolean;
  /** The last glyph was a pictograph drawn narrow: U+FE0F widens it to 2. */
  narrowPictograph: boolean;
  /** A regional indicator waits for the second half of its flag. */
  halfFlag: boolean;
}

function freshState(): State {
  return { joining: false, emoji: false, narrowPictograph: false, halfFlag: false };
}

/** The columns one character adds, given what came before; updates the state. */
function advance(ch: string, cp: number, state: State): number {
  if (cp < 0x300) {
    state.joining = state.emoji = state.narrowPictograph = state.halfFlag = false;
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0xad ? 0 : 1;
  }
  if (cp === VS16) {
    if (state.narrowPictograph) {
      state.narrowPictograph = false;
      state.emoji = true;
      return 1;
    }
    return 0;
  }
  if (cp === ZWJ) {
    state.joining = state.emoji || state.narrowPictograph;
    return 0;
  }
  if ((cp >= 0x1160 && cp <= 0x11ff) || ZERO_WIDTH.test(ch)) return 0;
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) {
    // Regional indicators pair up into one flag.
    state.joining = state.narrowPictograph = false;
    state.emoji = true;
    state.halfFlag = !state.halfFlag;
    return state.halfFlag ? 2 : 0;
  }
  if (state.joining && PICTOGRAPHIC.test(ch)) {
    state.joining = false;
    state.emoji = true;
    return 0;
  }
  if (state.emoji && cp >= 0x1f3fb && cp <= 0x1f3ff) return 0; // skin tone of the emoji before
  state.joining = state.halfFlag = false;
  if (inWide(cp) || ((cp >= 0x2300 && cp < 0x2c00) || cp >= 0x1f000 ? EMOJI_PRESENTATION.test(ch) : false)) {
    state.emoji = (cp >= 0x2300 && cp < 0x2c00) || (cp >= 0x1f000 && cp < 0x20000);
    state.narrowPictograph = false;
    return 2;
  }
  state.emoji = false;
  state.narrowPictograph = PICTOGRAPHIC.test(ch);
  return 1;
}

/** The number of terminal columns `text` takes. */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  const state = freshState();
  let width = 0;
  for (const ch of text) width += advance(ch, ch.codePointAt(0)!, state);
  return width;
}

/**
 * `text` cut to at most `max` columns, ending in `…` when something was cut. A wide character
 * that does not fit whole is left out, so the result may be a column short of `max`.
 */
export function truncateToWidth(text: string, max: number): string {
  if (max <= 0) return '';
  if (displayWidth(text) <= max) return text;
  const room = max - 1;
  const state = freshState();
  let width = 0;
  let end = 0;
  for (const ch of text) {
    const w = advance(ch, ch.codePointAt(0)!, state);
    // Zero-width characters (combining marks, joined emoji) stay with the glyph they follow.
    if (w > 0 && width + w > room) break;
    width += w;
    end += ch.length;
  }
  return `${text.slice(0, end)}…`;
}
