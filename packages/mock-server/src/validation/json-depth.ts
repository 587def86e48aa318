// How deeply a JSON text nests, found by scanning its characters: no object is built, strings
// (with their escapes) are skipped, and the scan stops at the first bracket past the limit. A
// body nested deeper than any request of the contract is refused by this check before it is
// parsed or validated, whose cost grows with the depth (an 800 KB array 400,000 levels deep).

/** Far deeper than any request body of the contract (the deepest nests three levels). */
export const MAX_JSON_DEPTH = 32;

export const tooDeepMessage = `body: JSON nesting deeper than ${MAX_JSON_DEPTH} levels`;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }

/**
 * Whether `text` opens more than `max` arrays or objects inside one another. Brackets inside
 * strings do not count; an escaped quote does not end a string. Malformed JSON is left to the
 * parser (a stray closing bracket only lowers the count).
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}
