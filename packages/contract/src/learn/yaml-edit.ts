// Changes to the contract's YAML that keep everything else as it was: each change is spliced into
// the file's text at the place the yaml Document API finds (its nodes' ranges), so comments,
// quoting, wrapped lines and key order elsewhere stay byte for byte; new text follows the
// tree's Prettier style (two-space indent, lines within 100 columns).
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  stringify,
  visit,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';

type Path = readonly (string | number)[];

const WIDTH = 100;

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end + 1;
};
const columnOf = (text: string, at: number) => at - lineStart(text, at);

/** A YAML document and its text, changed one splice at a time. */
export class YamlFile {
  private doc: Document;

  constructor(private text: string) {
    this.doc = parseDocument(text);
  }

  toString() {
    return this.text;
  }

  private splice(start: number, end: number, insert: string) {
    this.text = this.text.slice(0, start) + insert + this.text.slice(end);
    this.doc = parseDocument(this.text);
  }

  node(path: Path): Node | undefined {
    return this.doc.getIn(path, true) as Node | undefined;
  }

  has(path: Path): boolean {
    return this.node(path) !== undefined;
  }

  /** The plain value at a path. */
  value(path: Path): unknown {
    const node = this.node(path);
    return node && 'toJSON' in node ? (node as { toJSON(): unknown }).toJSON() : node;
  }

  private pair(path: Path): { map: YAMLMap; pair: Pair<Node, Node> } | undefined {
    const map = this.node(path.slice(0, -1));
    if (!isMap(map)) return undefined;
    const key = path.at(-1);
    const pair = map.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
    return pair ? { map, pair: pair as Pair<Node, Node> } : undefined;
  }

  /** The lines a pair takes (from its key's line to the end of its value's). */
  private pairLines(pair: Pair<Node, Node>) {
    const keyStart = pair.key.range?.[0] ?? 0;
    const valueEnd = pair.value?.range?.[1] ?? pair.key.range?.[1] ?? keyStart;
    return {
      start: lineStart(this.text, keyStart),
      end: lineEnd(this.text, Math.max(valueEnd - 1, keyStart)),
      indent: columnOf(this.text, keyStart),
    };
  }

  /** Removes a key and its value. */
  delete(path: Path): boolean {
    const found = this.pair(path);
    if (!found) return false;
    if (found.map.flow)
      return this.replaceMap(path.slice(0, -1), (value) => {
        delete value[String(path.at(-1))];
        return value;
      });
    const { start, end } = this.pairLines(found.pair);
    this.splice(start, end, '');
    return true;
  }

  /** Sets a key to a value: in place when it is there, else as the map's first key. */
  set(path: Path, value: unknown): boolean {
    const found = this.pair(path);
    const key = String(path.at(-1));
    if (found) {
      if (found.map.flow)
        return this.replaceMap(path.slice(0, -1), (map) => ({ ...map, [key]: value }));
      const { start, end, indent } = this.pairLines(found.pair);
      this.splice(start, end, renderPair(key, value, indent));
      return true;
    }
    const map = this.node(path.slice(0, -1));
    if (!isMap(map) || map.items.length === 0) return false;
    if (map.flow) return this.replaceMap(path.slice(0, -1), (m) => ({ ...m, [key]: value }));
    const first = map.items[0] as Pair<Node, Node>;
    const at = lineStart(this.text, first.key.range?.[0] ?? 0);
    this.splice(at, at, renderPair(key, value, columnOf(this.text, first.key.range?.[0] ?? 0)));
    return true;
  }

  /** Adds a key at the end of a map (a new property keeps the others' order). */
  append(path: Path, value: unknown): boolean {
    const map = this.node(path.slice(0, -1));
    if (!isMap(map) || map.items.length === 0 || map.flow) return false;
    const last = map.items.at(-1) as Pair<Node, Node>;
    const { end, indent } = this.pairLines(last);
    this.splice(end, end, renderPair(String(path.at(-1)), value, indent));
    return true;
  }

  /** Renames a key, its value and comments untouched. */
  renameKey(path: Path, to: string): boolean {
    const found = this.pair(path);
    const range = found?.pair.key.range;
    if (!range) return false;
    this.splice(range[0], range[1], renderKey(to));
    return true;
  }

  /** Replaces a map (or its value) by a function of its plain value, re-rendered whole. */
  replaceMap(path: Path, change: (value: Record<string, unknown>) => unknown): boolean {
    if (path.length === 0) return false;
    const current = this.value(path);
    if (!current || typeof current !== 'object') return false;
    return this.set(path, change({ ...(current as Record<string, unknown>) }));
  }

  /** Replaces one item of a sequence of scalars (`required: [a, b]`), in place. */
  replaceItem(path: Path, from: string, to: string): boolean {
    const seq = this.node(path);
    if (!isSeq(seq)) return false;
    const item = seq.items.find((node) => isScalar(node) && node.value === from);
    const range = isScalar(item) ? item.range : undefined;
    if (!range) return false;
    this.splice(range[0], range[1], renderKey(to));
    return true;
  }
}

const renderKey = (key: string) => stringify(key, { lineWidth: 0 }).trimEnd();

/** Words within `width` columns. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** `key: value` as the tree writes it, at `indent` columns, with a newline. */
export function renderPair(key: string, value: unknown, indent: number): string {
  const pad = ' '.repeat(indent);
  const head = `${pad}${renderKey(key)}:`;
  if (typeof value === 'string') {
    const single = stringify(value, { lineWidth: 0 }).trimEnd();
    const lines = wrap(value, WIDTH - indent - 2);
    // Prettier keeps a value that its own line could not shorten on the key's line
    if (
      !single.includes('\n') &&
      (head.length + 1 + single.length <= WIDTH || lines.length === 1)
    ) {
      return `${head} ${single}\n`;
    }
    const plain = stringify(value, { lineWidth: 0 }).trimEnd() === value.replace(/\s+/g, ' ');
    const body = lines.map((line) => `${pad}  ${line}\n`).join('');
    return plain ? `${head}\n${body}` : `${head} >-\n${body}`;
  }
  const doc = new Document({ [key]: value });
  // lists of names are written `[a, b]`, as the tree does
  visit(doc, {
    Seq(_, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  const rendered = doc.toString({ lineWidth: 0, flowCollectionPadding: false, indent: 2 });
  return rendered
    .trimEnd()
    .split('\n')
    .map((line) => `${pad}${line}\n`)
    .join('');
}
