// How deeply a JSON text nests and how wide its objects and arrays are, found by one scan of its
// characters: no object is built, strings (with their escapes) are skipped, and the scan stops at
// the first bracket past the depth limit or the first member past a width limit. A body nested
// deeper, or with an object or array wider, than any request of the contract allows is refused
// by this check before it is parsed or validated, whose cost grows with the depth and the width
// (an 800 KB array 400,000 levels deep; a 634 KB object of 60,000 keys).

/** Far deeper than any request body of the contract (the deepest nests three levels). */
export const MAX_JSON_DEPTH = 32;

const tooDeepMessage = `body: JSON nesting deeper than ${MAX_JSON_DEPTH} levels`;

/** How far a JSON text may nest and how many members one object or one array may hold. */
interface JsonShapeLimits {
  depth: number;
  /** Keys of one object. */
  keys: number;
  /** Items of one array. */
  items: number;
}

/** The first place where a text passes its limits. */
type JsonShapeProblem =
  { kind: 'depth' } | { kind: 'keys' | 'items'; limit: number; path: readonly (string | number)[] };

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const COMMA = 0x2c; // ,
const COLON = 0x3a; // :
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * The first place where `text` opens more than `depth` arrays or objects inside one another, or
 * holds an object of more than `keys` keys or an array of more than `items` items; null when it
 * does not. Brackets and commas inside strings do not count; an escaped quote does not end a
 * string. Malformed JSON is left to the parser (a stray closing bracket only lowers the depth).
 * It reads each character at most once and stops at the first problem, so a body far past a limit
 * costs what its first few members do.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): JsonShapeProblem | null {
  // per open container (level 1 is the outermost): object or array, members seen, and for an
  // object where its latest key starts and ends (for the path of a problem)
  const size = Math.min(limits.depth, text.length) + 2;
  const isObject = new Uint8Array(size);
  const members = new Uint32Array(size);
  const keyStart = new Int32Array(size);
  const keyEnd = new Int32Array(size);
  let depth = 0;
  /** A key of the innermost object may start next (after its `{` or a `,`). */
  let expectKey = false;
  let stringStart = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (stringStart >= 0) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) {
        if (expectKey) {
          keyStart[depth] = stringStart;
          keyEnd[depth] = i + 1;
          expectKey = false;
        }
        stringStart = -1;
      }
      continue;
    }
    if (isSpace(code) || code === COLON) continue;
    if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      if (depth > 0) depth -= 1;
      expectKey = false;
      continue;
    }
    if (code === COMMA) {
      if (depth > 0) {
        const problem = count(depth);
        if (problem) return problem;
        expectKey = isObject[depth] === 1;
      }
      continue;
    }
    // a value starts (or, in an object after `{` or `,`, a key): the container's first member
    if (depth > 0 && members[depth] === 0) {
      const problem = count(depth);
      if (problem) return problem;
    }
    if (code === QUOTE) {
      stringStart = i;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > limits.depth) return { kind: 'depth' };
      isObject[depth] = code === OPEN_BRACE ? 1 : 0;
      members[depth] = 0;
      expectKey = code === OPEN_BRACE;
    }
  }
  return null;

  function count(level: number): JsonShapeProblem | null {
    members[level] = (members[level] ?? 0) + 1;
    const object = isObject[level] === 1;
    const limit = object ? limits.keys : limits.items;
    if ((members[level] ?? 0) <= limit) return null;
    return { kind: object ? 'keys' : 'items', limit, path: pathTo(level) };
  }

  /** The keys and indexes leading to the container at `level`. */
  function pathTo(level: number): (string | number)[] {
    const path: (string | number)[] = [];
    for (let at = 1; at < level; at++) {
      if (isObject[at] === 1) path.push(keyAt(at));
      else path.push(Math.max(0, (members[at] ?? 1) - 1));
    }
    return path;
  }

  function keyAt(level: number): string {
    const raw = text.slice(keyStart[level], keyEnd[level]);
    try {
      return String(JSON.parse(raw));
    } catch {
      return raw;
    }
  }
}

/** Whether `text` opens more than `max` arrays or objects inside one another. */
export const jsonDepthExceeds = (text: string, max: number) =>
  jsonShapeProblem(text, { depth: max, keys: Infinity, items: Infinity }) !== null;

/** The 400's message for a problem, naming the place as the contract's other checks do. */
export function shapeMessage(problem: JsonShapeProblem): string {
  if (problem.kind === 'depth') return tooDeepMessage;
  const where = ['body', ...problem.path.map((segment) => String(segment))].join('/');
  return problem.kind === 'keys'
    ? `${where}: must NOT have more than ${problem.limit} properties`
    : `${where}: must NOT have more than ${problem.limit} items`;
}
